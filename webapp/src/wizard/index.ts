/**
 * The step components, written once and composed per surface (DESIGN.md section 6): no Telegram SDK
 * here; a surface passes data, callbacks and labels. The payment screen is imported on its own
 * (`./PaymentScreen`) so a surface can load it lazily with the QR encoder.
 */
import './wizard.css';

export { AmountStep, type AmountStepProps } from './AmountStep';
export { CoinStep, type CoinStepProps } from './CoinStep';
export { CountryStep, type CountryStepProps } from './CountryStep';
export { Flag } from './Flag';
export { Notice } from './Notice';
export { OperatorStep, type OperatorStepProps } from './OperatorStep';
export { OrderSummary, type OrderSummaryProps } from './OrderSummary';
export { PhoneStep, type PhoneStepProps } from './PhoneStep';
export { StepProgress, type StepProgressProps } from './StepProgress';
export { WizardSteps, type CatalogList, type WizardStepsProps } from './WizardSteps';
export * from './state';
export * from './format';
