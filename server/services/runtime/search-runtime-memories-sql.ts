// The statement behind the runtime's search (search-runtime-memories.ts): the records that answer
// a turn's words, best first, then the pinned ones, and the schema of its rows.
import { z } from 'zod';
import { Prisma } from '../../db/generated/client';
import { anyOfQuery, searchTermsOf } from '../../domain/search-terms';
import { offeredSql } from '../memories/visible-rows';

/** A record with its key's place in the ranking (null: a pinned record no word matched); a bigint, which drivers hand back as they like. */
export const searchRowSchema = z.object({
  id: z.string(),
  key: z.string(),
  text: z.string(),
  scope: z.string(),
  pinned: z.boolean(),
  author: z.enum(['human', 'agent']),
  version: z.number(),
  threadId: z.string().nullable(),
  runId: z.string().nullable(),
  updatedAt: z.date(),
  expiresAt: z.date().nullable(),
  position: z.union([z.bigint(), z.string(), z.number()]).nullable(),
});

/** The weight of a match in a record's key against one in its text (keys name what a record is about). */
const KEY_WEIGHT = 2;
/** What a quoted phrase found whole adds; what the last word matching as a prefix adds. */
const PHRASE_BONUS = 0.5;
const PREFIX_BONUS = 0.1;

/**
 * The best `limit` keys at `scopes` for the words of `query` (a key ranks as its best record; ties
 * by key), then every pinned record at `scopes`: all records of the ranked keys, in rank order, each
 * with its key's position, then the pinned ones of other keys (position null), by key and scope.
 * A query without a word that carries meaning ranks nothing.
 */
export function searchRecordsSql({ scopes, query, limit }: { scopes: string[]; query: string; limit: number }, now: Date): Prisma.Sql {
  const { terms, excluded, phrases, prefix } = searchTermsOf(query);
  const any = anyOfQuery(terms);
  const columns = Prisma.sql`m."id", m."key", m."text", m."scope", m."pinned", m."author"::text AS "author", m."version", m."threadId", m."runId", m."updatedAt", m."expiresAt"`;
  if (any === null) {
    return Prisma.sql`
      SELECT ${columns}, NULL::bigint AS "position"
      FROM "agent_memory" m
      WHERE m."scope" = ANY(${scopes}::text[]) AND m."pinned" AND ${offeredSql('m', now)}
      ORDER BY m."key", m."scope"`;
  }
  const phraseQueries = phrases.map((words) => Prisma.sql`phraseto_tsquery('english', ${words.join(' ')})`);
  const phraseScore =
    phraseQueries.length === 0
      ? Prisma.sql`0`
      : Prisma.join(
          phraseQueries.map((phrase) => Prisma.sql`CASE WHEN c."english" @@ ${phrase} THEN ${PHRASE_BONUS}::real ELSE 0 END`),
          ' + ',
        );
  const prefixQuery = prefix === null ? null : Prisma.sql`to_tsquery('simple', ${`${prefix}:*`})`;
  const excludedQuery = anyOfQuery(excluded);
  // The key's own words, made only for the records a word matched (a tenth of the time it took
  // for every record in scope).
  const keyWords = Prisma.sql`to_tsvector('english', replace(c."key", '-', ' '))`;
  // The words as written are made only for a record whose lower-cased text holds one of the
  // query's words (or the excluded ones) as PostgreSQL's own 'simple' configuration reads them: a
  // word as written that matches is such a piece of the text, so no match is lost, and most records
  // in scope skip making the vector (null: none of those words is there).
  const pieces = Prisma.sql`to_tsvector('simple', ${[...terms, ...excluded].join(' ')})`;
  // What a record's vectors are made of: its key's words, then its text.
  const doc = Prisma.sql`replace(m."key", '-', ' ') || ' ' || m."text"`;
  return Prisma.sql`
    WITH "candidates" AS MATERIALIZED (
      SELECT ${columns},
             to_tsvector('english', ${doc}) AS "english",
             CASE WHEN lower(${doc}) LIKE ANY (ARRAY(SELECT '%' || w || '%' FROM unnest(tsvector_to_array(${pieces})) w))
                  THEN to_tsvector('simple', ${doc}) END AS "plain"
      FROM "agent_memory" m
      WHERE m."scope" = ANY(${scopes}::text[]) AND ${offeredSql('m', now)}
    ),
    "q" AS (SELECT to_tsquery('english', ${any}) AS "english", to_tsquery('simple', ${any}) AS "plain"),
    "matched" AS (
      SELECT c."key",
             ts_rank(c."english", q."english") + 0.5 * coalesce(ts_rank(c."plain", q."plain"), 0)
               + CASE WHEN ${keyWords} @@ q."english" THEN ${KEY_WEIGHT}::real * (1 + ts_rank(${keyWords}, q."english")) ELSE 0 END
               + ${phraseScore}
               + ${prefixQuery === null ? Prisma.sql`0` : Prisma.sql`CASE WHEN c."plain" @@ ${prefixQuery} THEN ${PREFIX_BONUS}::real ELSE 0 END`}
               AS "score"
      FROM "candidates" c, "q"
      WHERE (c."english" @@ q."english" OR c."plain" @@ q."plain"${prefixQuery === null ? Prisma.empty : Prisma.sql` OR c."plain" @@ ${prefixQuery}`})
        ${excludedQuery === null ? Prisma.empty : Prisma.sql`AND NOT coalesce(c."plain" @@ to_tsquery('simple', ${excludedQuery}), false)`}
    ),
    "ranked" AS (
      SELECT "key", row_number() OVER (ORDER BY max("score") DESC, "key" ASC) AS "position"
      FROM "matched"
      GROUP BY "key"
      ORDER BY 2
      LIMIT ${limit}
    )
    SELECT c."id", c."key", c."text", c."scope", c."pinned", c."author", c."version", c."threadId", c."runId", c."updatedAt", c."expiresAt",
           r."position"
    FROM "candidates" c LEFT JOIN "ranked" r ON r."key" = c."key"
    WHERE r."key" IS NOT NULL OR c."pinned"
    ORDER BY r."position" ASC NULLS LAST, c."key", c."scope"`;
}
