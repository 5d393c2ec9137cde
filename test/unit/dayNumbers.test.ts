import { describe, expect, it } from 'vitest';
import { fixDayNumbers } from '../../providers/dayNumbers';

describe('day numbers in Italian sentences', () => {
  it.each([
    ['Ogni anno il 8 agosto 20:00–23:00', "Ogni anno l'8 agosto 20:00–23:00"],
    ['Ogni anno il 11 novembre 20:00–23:00', "Ogni anno l'11 novembre 20:00–23:00"],
    ['Ogni anno il 1 agosto 20:00–23:00', 'Ogni anno il 1º agosto 20:00–23:00'],
    ['Ogni anno il 18 agosto', 'Ogni anno il 18 agosto'],
    ['Ogni anno il 21 agosto', 'Ogni anno il 21 agosto'],
    ['fino al 8 ago 2026', "fino all'8 ago 2026"],
    ['Occorrenza del 11 ottobre di una serie', "Occorrenza dell'11 ottobre di una serie"],
    ["L'occorrenza del 1 marzo sarà saltata", "L'occorrenza del 1º marzo sarà saltata"],
    ['Il 8 agosto', "L'8 agosto"],
    ['dal 80 al 110', "dall'80 al 110"],
    ['10 volte', '10 volte'],
  ])('%s → %s', (text, fixed) => {
    expect(fixDayNumbers(text, 'it')).toBe(fixed);
  });
});

describe('day numbers in French sentences', () => {
  it.each([
    ['Chaque année le 1 août 20:00–23:00', 'Chaque année le 1er août 20:00–23:00'],
    ['jusqu’au 1 janv. 2027', 'jusqu’au 1er janv. 2027'],
    ['Chaque année le 11 août', 'Chaque année le 11 août'],
    ['1 fois', '1 fois'],
  ])('%s → %s', (text, fixed) => {
    expect(fixDayNumbers(text, 'fr')).toBe(fixed);
  });

  it('leaves other languages as they are', () => {
    expect(fixDayNumbers('Jedes Jahr am 1. August', 'de')).toBe('Jedes Jahr am 1. August');
    expect(fixDayNumbers('il 8 agosto', 'en')).toBe('il 8 agosto');
  });
});
