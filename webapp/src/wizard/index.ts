/**
 * The step components and the checkout model, written once and composed per surface (docs/design.md
 * section 6): no Telegram SDK here; a surface passes its steps, data, callbacks and texts. The
 * checkout model (`checkout.ts`, run by `useCheckout`) owns the steps' checks, the server's quote,
 * creating the order under its idempotency key, the live status and leaving a payment. The payment
 * screen and the coin choice are imported on their own (`./PaymentScreen`, `./CoinStep`) so that a
 * surface can load them after its first screen (the payment screen with the QR encoder).
 */
import './wizard.css';

export { AmountStep, type AmountStepProps } from './AmountStep';
export { CountryStep, type CountryStepProps } from './CountryStep';
export { Flag } from './Flag';
export { Notice } from './Notice';
export { OperatorStep, type OperatorStepProps } from './OperatorStep';
export { OrderSummary, type OrderSummaryProps } from './OrderSummary';
export { PhoneStep, type PhoneStepProps } from './PhoneStep';
export { StepProgress, type StepProgressProps } from './StepProgress';
export { WizardSteps, type CatalogList, type WizardStepsProps } from './WizardSteps';
export * from './checkout';
export { useCheckout, type Checkout, type CheckoutOptions, type PaymentsApi } from './useCheckout';
export * from './state';
export * from './format';
