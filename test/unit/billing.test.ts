import { describe, expect, it } from 'vitest';
import {
  SWISS_VAT_RATES,
  formatInvoiceNumber,
  invoiceStatusOn,
  invoiceTotalsOf,
  nextPeriodStartOf,
  periodEndOf,
  roundToFiveCentimes,
  vatBasisPointsOn,
  vatCentimesOf,
} from '../../domain/billing';

describe('Swiss VAT as dated data', () => {
  it('takes the rate in force on the invoice date', () => {
    expect(vatBasisPointsOn('2023-12-31')).toBe(770);
    expect(vatBasisPointsOn('2024-01-01')).toBe(810);
    expect(vatBasisPointsOn('2026-11-27')).toBe(810);
    expect(vatBasisPointsOn('2017-12-31')).toBe(800);
  });

  it('keeps the rates in date order', () => {
    const dates = SWISS_VAT_RATES.map((rate) => rate.validFrom);
    expect([...dates].sort()).toEqual(dates);
  });

  it('refuses a day before any known rate', () => {
    expect(() => vatBasisPointsOn('1990-01-01')).toThrow(RangeError);
  });
});

describe('VAT and 5-centime rounding', () => {
  it('rounds VAT half away from zero to the centime', () => {
    // 8.1 % of 0.50 = 4.05 centimes → 4; of 0.74 = 5.994 → 6; of 0.06 … exact half cases:
    expect(vatCentimesOf(50, 810)).toBe(4);
    expect(vatCentimesOf(74, 810)).toBe(6);
    // 2000 bp of 25 = 5.0; 810 bp of 1000 = 81; a half: 1 bp of 5000 = 0.5 → 1
    expect(vatCentimesOf(5000, 1)).toBe(1);
    expect(vatCentimesOf(-5000, 1)).toBe(-1);
    expect(vatCentimesOf(-74, 810)).toBe(-6);
  });

  it('rounds totals to 5 centimes, half away from zero', () => {
    expect(roundToFiveCentimes(102)).toBe(100);
    expect(roundToFiveCentimes(103)).toBe(105);
    expect(roundToFiveCentimes(102.5)).toBe(105);
    expect(roundToFiveCentimes(-103)).toBe(-105);
    expect(roundToFiveCentimes(-102)).toBe(-100);
  });

  it('totals lines: VAT on the subtotal, then the rounding, and says what the rounding added', () => {
    const totals = invoiceTotalsOf([{ amountCentimes: 4900 }, { amountCentimes: 1 }], '2026-11-27');
    expect(totals).toEqual({
      subtotalCentimes: 4901,
      vatRate: 8.1,
      vatCentimes: 397, // 396.981
      roundingCentimes: 2, // 5298 → 5300
      totalCentimes: 5300,
    });
    expect(totals.subtotalCentimes + totals.vatCentimes + totals.roundingCentimes).toBe(totals.totalCentimes);
  });

  it('mirrors an invoice exactly in its credit note', () => {
    for (const amount of [1, 3, 7, 4901, 12345, 99_999_99]) {
      const invoice = invoiceTotalsOf([{ amountCentimes: amount }], '2026-01-15');
      const credit = invoiceTotalsOf([{ amountCentimes: -amount }], '2026-01-15');
      expect(credit.totalCentimes).toBe(-invoice.totalCentimes);
      expect(credit.vatCentimes).toBe(-invoice.vatCentimes);
    }
  });

  it('uses the old rate on an invoice dated before 2024', () => {
    expect(invoiceTotalsOf([{ amountCentimes: 10_000 }], '2023-06-30')).toMatchObject({
      vatRate: 7.7,
      vatCentimes: 770,
    });
  });
});

describe('periods and numbers', () => {
  it('runs a month to the same day of the next month, or to the month end', () => {
    expect(nextPeriodStartOf('2026-11-27', 'MONTH')).toBe('2026-12-27');
    expect(periodEndOf('2026-11-27', 'MONTH')).toBe('2026-12-26');
    expect(nextPeriodStartOf('2026-01-31', 'MONTH')).toBe('2026-03-01');
    expect(periodEndOf('2026-01-31', 'MONTH')).toBe('2026-02-28');
    expect(periodEndOf('2028-01-31', 'MONTH')).toBe('2028-02-29');
    expect(nextPeriodStartOf('2026-12-01', 'MONTH')).toBe('2027-01-01');
    expect(periodEndOf('2026-01-01', 'YEAR')).toBe('2026-12-31');
    expect(nextPeriodStartOf('2028-02-29', 'YEAR')).toBe('2029-03-01');
  });

  it('numbers invoices per year with five digits', () => {
    expect(formatInvoiceNumber(2026, 42)).toBe('2026-00042');
  });

  it('reads an open invoice past its due date as overdue, never a paid or cancelled one', () => {
    expect(invoiceStatusOn('OPEN', '2026-11-26', '2026-11-27')).toBe('OVERDUE');
    expect(invoiceStatusOn('OPEN', '2026-11-27', '2026-11-27')).toBe('OPEN');
    expect(invoiceStatusOn('PAID', '2026-01-01', '2026-11-27')).toBe('PAID');
    expect(invoiceStatusOn('CANCELLED', '2026-01-01', '2026-11-27')).toBe('CANCELLED');
  });
});
