import {
  calculateQRReferenceChecksum,
  calculateSCORReferenceChecksum,
  isQRIBAN,
  isQRReferenceValid,
  isSCORReferenceValid,
} from 'swissqrbill/utils';
import type { Creditor } from '../../../domain/billing';

/**
 * The reference a payment of an invoice carries, so that the bank's camt.054 credit names the invoice it pays.
 * Its digits are the invoice's year and place in that year's sequence, which are unique and never reused:
 *
 * - to a QR-IBAN, a QR reference: 26 digits (zeros, the year, the sequence in 5 digits) and a modulo-10
 *   recursive check digit, 27 digits in all;
 * - to a plain IBAN, an ISO 11649 creditor reference: `RF`, two check digits, then year and sequence.
 */
export function invoiceReferenceOf(creditor: Pick<Creditor, 'iban'>, year: number, sequence: number): string {
  const key = `${year}${String(sequence).padStart(5, '0')}`;
  if (isQRIBAN(creditor.iban)) {
    const digits = key.padStart(26, '0');
    return `${digits}${calculateQRReferenceChecksum(digits)}`;
  }
  return `RF${calculateSCORReferenceChecksum(key)}${key}`;
}

/** Whether a reference read from a bank file is one of ours in form (the checksum included). */
export const isWellFormedReference = (reference: string): boolean =>
  isQRReferenceValid(reference) || isSCORReferenceValid(reference);

/** A reference as banks write it (spaces in groups, any case) → as stored. */
export const normalizedReference = (reference: string): string => reference.replace(/\s+/g, '').toUpperCase();
