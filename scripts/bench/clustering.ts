// The review queue's clustering in process, on its worst case (docs/benchmarks.md "review"): a page
// of 25 groups (the page size) whose 50 wordings are all similar but each says its own time, so
// none may merge with another and every wording is compared with every cluster begun before it.
import { clusterWordings, type WordingRow } from '../../server/domain';
import { LIST_TEXTS_PER_GROUP, REVIEW_PAGE_SIZE } from '../../server/services/review/list-review-groups';
import { percentile } from './measure';

function worstPage(): WordingRow[][] {
  return Array.from({ length: REVIEW_PAGE_SIZE }, (_, group) =>
    Array.from({ length: LIST_TEXTS_PER_GROUP }, (_, index): WordingRow => {
      const time = `${7 + (index % 5)}:${String(index).padStart(2, '0')}`;
      return [
        `Usually starts work at ${time} on weekdays (team ${group})`,
        LIST_TEXTS_PER_GROUP - index,
        Array.from({ length: index }, () => 0.6),
      ];
    }),
  );
}

/** Median ms to cluster the worst page, over 50 rounds after 20 of warm-up. */
export function clusteringWorstCaseMs(): number {
  const page = worstPage();
  const times: number[] = [];
  for (let round = 0; round < 70; round++) {
    const start = performance.now();
    for (const group of page) clusterWordings(group);
    if (round >= 20) times.push(performance.now() - start);
  }
  return percentile(times, 50);
}
