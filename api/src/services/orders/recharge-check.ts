import { operatorMismatchMessage, type TOperatorMismatchDetails } from '@topup/shared';
import { wireOperatorId } from '../../airtime/operator-ids';
import { localAmountFor, operatorAccepts, type CatalogService } from '../catalog';
import { AppError } from '../errors';
import { checkMobileNumber } from '../phone';
import { operatorRangeMessage } from '../quote';

export interface RechargeRequest {
  phoneNumber: string;
  operatorId: number;
  countryRef?: number | string;
}

export type CheckedRecharge = Awaited<ReturnType<typeof checkRecharge>>;

/** Checks a recharge against the catalog: the operator, its country, the amount and the phone number. */
export async function checkRecharge(catalog: CatalogService, r: RechargeRequest, amountCents: number) {
  const operator = await catalog.operator(r.operatorId);
  if (!operator) throw new AppError('VALIDATION_ERROR', `operatorId: operator ${r.operatorId} does not exist`);
  const country = await catalog.country(operator.countryCode);
  if (!country) throw new AppError('VALIDATION_ERROR', `operatorId: operator ${r.operatorId} has no known country`);
  if (r.countryRef !== undefined && r.countryRef !== country.id && r.countryRef !== country.code) {
    throw new AppError('VALIDATION_ERROR', `countryId: operator ${operator.name} does not serve the selected country`);
  }
  if (!operatorAccepts(operator, amountCents)) throw new AppError('AMOUNT_OUT_OF_RANGE', operatorRangeMessage(operator));
  const phone = checkMobileNumber(r.phoneNumber, country.code);
  if (!phone.valid) throw new AppError('INVALID_PHONE', phone.error);
  const localAmount = localAmountFor(operator, amountCents);
  return {
    phoneNumber: phone.e164,
    operatorId: wireOperatorId(operator.operatorId),
    operatorName: operator.name,
    serviceType: operator.serviceType,
    countryCode: country.code,
    countryId: country.id,
    localAmount: localAmount === null ? null : String(localAmount),
    localCurrency: operator.localCurrencyCode,
  };
}

/**
 * The operator matches the number: a number the provider places with another
 * airtime operator of the catalog is refused (OPERATOR_MISMATCH, 422, naming that operator in the
 * error's details so the client can offer the switch), unless the customer confirmed their choice (a
 * number that moved to the operator chosen). A data operator is not compared: the provider names a
 * number's airtime operator only. Numbers that cannot be told apart are taken as today.
 */
export async function assertOperatorMatches(catalog: CatalogService, recharge: CheckedRecharge): Promise<void> {
  if (recharge.serviceType !== 'airtime') return;
  const detected = await catalog.operatorOfNumber(recharge.phoneNumber, recharge.countryCode);
  if (!detected) return;
  const detectedId = wireOperatorId(detected.operatorId);
  if (detectedId === recharge.operatorId) return;
  const details: TOperatorMismatchDetails = {
    detectedOperatorId: detectedId,
    detectedOperatorName: detected.name,
    chosenOperatorId: recharge.operatorId,
    chosenOperatorName: recharge.operatorName,
  };
  throw new AppError('OPERATOR_MISMATCH', operatorMismatchMessage(detected.name, recharge.operatorName), details);
}
