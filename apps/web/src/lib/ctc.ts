import { CTC_PERIOD_LABELS, type CtcPeriod } from '@placely/contract';

/** "₹12,00,000 per year" in the viewer's locale; an unknown currency code is written out ("XYZ 5,000"). */
export function formatCtc(amount: number, currency: string, period: CtcPeriod, locale?: string): string {
  let money: string;
  try {
    money = new Intl.NumberFormat(locale, { style: 'currency', currency, maximumFractionDigits: 0 }).format(amount);
  } catch {
    money = `${currency} ${new Intl.NumberFormat(locale, { maximumFractionDigits: 0 }).format(amount)}`;
  }
  return `${money} ${CTC_PERIOD_LABELS[period]}`;
}
