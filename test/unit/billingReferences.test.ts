import { isQRReferenceValid, isSCORReferenceValid } from 'swissqrbill/utils';
import { describe, expect, it } from 'vitest';
import { invoiceReferenceOf, normalizedReference } from '../../server/services/billing/references';

const QR_IBAN = { iban: 'CH4431999123000889012' };
const IBAN = { iban: 'CH9300762011623852957' };

describe('invoice payment references', () => {
  it('gives a QR-IBAN a 27-digit QR reference with a valid check digit', () => {
    const reference = invoiceReferenceOf(QR_IBAN, 2026, 42);
    expect(reference).toMatch(/^\d{27}$/);
    expect(reference.slice(0, 26)).toBe('00000000000000000202600042');
    expect(isQRReferenceValid(reference)).toBe(true);
  });

  it('gives a plain IBAN an ISO 11649 creditor reference', () => {
    const reference = invoiceReferenceOf(IBAN, 2026, 42);
    expect(reference).toMatch(/^RF\d{2}202600042$/);
    expect(isSCORReferenceValid(reference)).toBe(true);
  });

  it('never gives two invoices the same reference', () => {
    const seen = new Set<string>();
    for (const year of [2026, 2027]) {
      for (let sequence = 1; sequence <= 500; sequence += 1) seen.add(invoiceReferenceOf(QR_IBAN, year, sequence));
    }
    expect(seen.size).toBe(1000);
  });

  it('reads references as banks print them', () => {
    expect(normalizedReference('rf18 5390 0754 7034')).toBe('RF18539007547034');
  });
});
