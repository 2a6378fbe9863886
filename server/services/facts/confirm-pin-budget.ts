// Pinning facts that push people over their budget needs the administrator to confirm the exact
// number of people who would then lose an always-on policy; otherwise CONFLICT naming it. One fact
// (the Facts page's pin, publishing an always-on fact) or several pinned together (the bulk
// "Always on"): the pins are forecast at once, so ones that fit alone but not together count.
import type { Viewer } from '../../auth/viewer';
import { DomainError } from '../../errors/domain-error';
import type { ServiceCall } from '../context';
import { forecastPinBatch } from './forecast-pin-batch';

export interface ConfirmPinBudgetInput {
  viewer: Pick<Viewer, 'grants'>;
  /** The facts about to be pinned (a fact not yet published counts as a new one). */
  pins: readonly { scope: string; key: string }[];
  /** The number of people the administrator agreed would lose always-on policies. */
  confirmOmissions?: number;
}

export async function confirmPinBudget({ ctx, input }: ServiceCall<ConfirmPinBudgetInput>): Promise<void> {
  if (input.pins.length === 0) return;
  const { peopleOver } = await forecastPinBatch({ ctx, input: { viewer: input.viewer, pins: input.pins } });
  if (peopleOver === 0 || input.confirmOmissions === peopleOver) return;
  const people = peopleOver === 1 ? '1 person' : `${peopleOver} people`;
  const [pinning, them] =
    input.pins.length === 1 ? [`Pinning "${input.pins[0]!.key}"`, 'it'] : [`Making these ${input.pins.length} facts always on`, 'them'];
  throw new DomainError(
    'CONFLICT',
    `${pinning} would leave ${people} with more always-on facts than their assistant can carry. Confirm that number to pin ${them} anyway.`,
    { reason: 'PIN_OVER_BUDGET', current: { peopleOver } },
  );
}
