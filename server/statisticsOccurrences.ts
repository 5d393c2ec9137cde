import { parseArgs } from 'node:util';
import { Temporal } from 'temporal-polyfill';
import { EVENT_LIMITS } from '../domain/event';
import { addDays, MAX_PERIOD_DAYS, periodLength, zurichToday } from '../domain/statistics';
import { loadConfig } from './config';
import { openDatabase, startEmbeddedDatabase } from './db/client';
import { daysBetween, replaceOccurrencesOfDay } from './services/statistics/occurrences';

/**
 * `npm run statistics:occurrences -- --from YYYY-MM-DD --to YYYY-MM-DD`: counts the occurrences of published
 * events of each Zurich day of the range again and replaces those days' `occurrencesPublished` figures
 * (docs/statistics.md "Occurrences published"), e.g. after an import or to fill days before the daily job
 * existed. Without dates: yesterday. Safe to run again. With DATABASE_URL it runs beside the API processes;
 * with the embedded database it needs the server stopped.
 */

const isDate = (value: string) => {
  try {
    Temporal.PlainDate.from(value, { overflow: 'reject' });
    return /^\d{4}-\d{2}-\d{2}$/.test(value);
  } catch {
    return false;
  }
};

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { from: { type: 'string' }, to: { type: 'string' } } });
  const yesterday = addDays(zurichToday(), -1);
  const from = values.from ?? values.to ?? yesterday;
  const to = values.to ?? (values.from === undefined ? yesterday : from);
  for (const [name, value] of [
    ['--from', from],
    ['--to', to],
  ])
    if (
      !isDate(value) ||
      Number(value.slice(0, 4)) < EVENT_LIMITS.firstYear ||
      Number(value.slice(0, 4)) > EVENT_LIMITS.lastYear
    )
      throw new Error(
        `${name} must be a date YYYY-MM-DD from ${EVENT_LIMITS.firstYear} to ${EVENT_LIMITS.lastYear}, not “${value}”`,
      );
  const days = periodLength({ from, to });
  if (days < 1) throw new Error('--to must not be before --from');
  if (days > MAX_PERIOD_DAYS) throw new Error(`at most ${MAX_PERIOD_DAYS} days at once`);

  const config = loadConfig();
  const database = config.databaseUrl
    ? await openDatabase({ databaseUrl: config.databaseUrl })
    : await openDatabase({ embedded: await startEmbeddedDatabase(config.dataDir) });
  try {
    for (const day of daysBetween(from, to)) {
      const occurrences = await replaceOccurrencesOfDay(database.db, day);
      console.log(`${day}: ${occurrences} occurrence${occurrences === 1 ? '' : 's'}`);
    }
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
