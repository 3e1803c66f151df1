/**
 * Amounts in the account currency. The documents write bids in "cents for currencies like USD and
 * EUR, basic unit for currencies like JPY and KRW" ([2] Ad set read fields, bid_amount), and budgets
 * "in account currency"; graphreq reads budgets in the same smallest unit (docs/format.md, "Inlay
 * hints"). How many digits a currency's unit has after the point is ISO 4217's, as the JavaScript
 * runtime knows it (Intl): 2 for USD and EUR, 0 for JPY and KRW.
 */

/** Digits after the point of a currency's unit: 10^digits smallest units make one unit. */
export function minorDigits(currency: string): number {
  try {
    return new Intl.NumberFormat('en-US', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
  } catch {
    return 2;
  }
}

/** An amount in smallest units as currency units: `2000` in USD is `20.00 USD`; with no known currency, `20.00 ¤` (read as cents). */
export function formatAmount(smallest: number, currency: string | undefined): string {
  const digits = currency ? minorDigits(currency) : 2;
  const units = smallest / 10 ** digits;
  const text = units.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
  return `${text} ${currency ?? '¤'}`;
}
