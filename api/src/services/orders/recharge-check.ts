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
