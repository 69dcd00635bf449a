// The trade-in form's checks of the shopper's car and its condition answers,
// the client half of validateTradeIn in shared/tradein.go: the same fields
// and messages. shared/testdata/vectors/trade_in_validation.json holds the
// cases both run.
import type { TradeInQuestion, TradeInVehicle } from '../../lib/types';

const MIN_YEAR = 1900;
const MAX_YEAR = 2100;
const MAX_KM = 2_000_000;

/** validateTradeIn returns each invalid field's message by field; {} when the step may be sent. */
export function validateTradeIn(
  vehicle: TradeInVehicle | undefined,
  answers: Record<string, string> | undefined,
  questions: TradeInQuestion[] | null | undefined,
): Record<string, string> {
  const errs: Record<string, string> = {};
  if (vehicle) {
    const year = vehicle.year ?? 0;
    if (year !== 0 && (year < MIN_YEAR || year > MAX_YEAR)) errs['trade_in_vehicle.year'] = 'Enter the year the car was built, like 2018';
    const km = vehicle.km ?? 0;
    if (km < 0 || km > MAX_KM) errs['trade_in_vehicle.km'] = 'Enter the odometer in km, up to 2,000,000';
  }
  for (const id of Object.keys(answers ?? {}).sort()) {
    const q = (questions ?? []).find((x) => x.id === id);
    const field = `adjustmentAnswers.${id}`;
    if (!q) errs[field] = 'unknown question';
    else if (!(q.options ?? []).includes(answers![id])) errs[field] = `Choose one of ${(q.options ?? []).join(', ')}`;
  }
  return errs;
}
