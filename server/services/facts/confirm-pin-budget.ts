// Pinning a fact that pushes people over their budget needs the administrator to confirm the exact
// number of people who would then lose an always-on policy; otherwise CONFLICT naming it.
import type { Viewer } from '../../auth/viewer';
import { DomainError } from '../../errors/domain-error';
import type { ServiceCall } from '../context';
import { forecastPin } from './forecast-pin';

export interface ConfirmPinBudgetInput {
  viewer: Pick<Viewer, 'grants'>;
  scope: string;
  key: string;
  /** The number of people the administrator agreed would lose always-on policies. */
  confirmOmissions?: number;
}

export async function confirmPinBudget({ ctx, input }: ServiceCall<ConfirmPinBudgetInput>): Promise<void> {
  const forecast = await forecastPin({ ctx, input: { viewer: input.viewer, scope: input.scope, key: input.key, pinned: true } });
  if (forecast.peopleOver === 0 || input.confirmOmissions === forecast.peopleOver) return;
  const people = forecast.peopleOver === 1 ? '1 person' : `${forecast.peopleOver} people`;
  throw new DomainError(
    'CONFLICT',
    `Pinning "${input.key}" would leave ${people} with more always-on facts than their assistant can carry. ` +
      `Confirm that number to pin it anyway.`,
    { reason: 'PIN_OVER_BUDGET', current: { peopleOver: forecast.peopleOver } },
  );
}
