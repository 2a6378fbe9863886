-- Turns that recalled anything: the reference library reports `recalled` as a boolean, which adds a
-- turn here and nothing to the "recalled" sum (docs/runtime-api.md "Runtime diagnostics").
-- A constant default adds the column without rewriting the table.
ALTER TABLE "metric_rollup" ADD COLUMN "turnsRecalled" INTEGER NOT NULL DEFAULT 0;
