import { Box, List, ListItem, ListItemText, Typography } from '@mui/material';
import { useContext, useMemo } from 'react';
import { useLocaleState, useTranslate, type TranslateFunction } from 'react-admin';
import type { ValidationMessage } from '../../shared/zodValidation';
import { useWatch } from 'react-hook-form';
import { nextOccurrences, type ExpandedOccurrence } from '../../../domain/recurrence';
import { sectionProblems } from '../eventValidation';
import { EditedSeriesContext, previewFromOccurrence, type EditedSeries, type PreviewedSeries } from '../occurrence';
import { ruleOfDateValues, rowsOfDateValues } from '../recurrenceRule';
import { useRuleInWords } from '../ruleInWords';
import { formatOccurrenceSpan } from '../zurichFormat';

export const PREVIEW_COUNT = 5;

/** Engine errors on a rule the schema let through (e.g. an impossible count) leave the preview empty. */
const safely = <Value,>(compute: () => Value, fallback: Value): Value => {
  try {
    return compute();
  } catch {
    return fallback;
  }
};

/**
 * The series the form describes: the form's rule and rows from now on; when one occurrence of a series is
 * edited, what the edit gives from that occurrence on (the remaining count, the rows after it). The scope
 * is asked only on save, so the preview shows the rest of the series, which "this occurrence only" leaves
 * as it is and "this and the next occurrences" changes.
 */
const previewedSeries = (dates: unknown, edited: EditedSeries | null): PreviewedSeries | null => {
  const rule = ruleOfDateValues(dates);
  if (!rule) return null;
  if (edited) return safely<PreviewedSeries | null>(() => previewFromOccurrence(edited, rule), null);
  return { rule, rows: rowsOfDateValues(dates), listAfter: new Date().toISOString() };
};

const DATES = 'dateAndCalendar';

/**
 * What keeps the dates from making occurrences, field by field ("Occurrences: Required"), as the server's
 * schema finds it; empty when they are fine. The rule engine would list dates the server refuses (an end
 * date before the start gives "20:00–20:00"), so the preview lists nothing while there is one.
 */
const datesProblems = (dates: unknown): [string, ValidationMessage][] =>
  Object.entries(sectionProblems({ [DATES]: dates }, DATES, 'establishment')).filter(([path]) =>
    path.startsWith(`${DATES}.`),
  );

const fieldLabelOf = (path: string, translate: TranslateFunction): string => {
  const [, field, row] = path.split('.');
  if (field === 'outOfScheduleEvents' && row !== undefined) return translate('resources.events.outOfSchedule.title');
  return translate(`resources.events.fields.${DATES}.${field}`, { _: field });
};

const messageText = (message: ValidationMessage, translate: TranslateFunction): string =>
  typeof message === 'string'
    ? translate(message, { _: message })
    : translate(message.message, { ...message.args, _: message.message });

/** The problems as sentences: "Occurrences: Required". */
const ProblemList = ({ problems }: { problems: [string, ValidationMessage][] }) => {
  const translate = useTranslate();
  return (
    <>
      <Typography variant="body2">{translate('resources.events.preview.fix')}</Typography>
      <List
        dense
        disablePadding
        aria-label={translate('resources.events.preview.fix')}
        sx={{ listStyle: 'disc', pl: 3 }}
      >
        {problems.map(([path, message]) => (
          <ListItem key={path} disableGutters sx={{ display: 'list-item', py: 0 }}>
            <Typography variant="body2" component="span">
              {`${fieldLabelOf(path, translate)}: ${messageText(message, translate)}`}
            </Typography>
          </ListItem>
        ))}
      </List>
    </>
  );
};

/**
 * What the rule means, as the user types it: the rule in words and its next occurrences (rows applied),
 * in Zurich time and the UI language.
 */
export const OccurrencePreview = () => {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const inWords = useRuleInWords();
  const edited = useContext(EditedSeriesContext);
  const dates = useWatch({ name: 'dateAndCalendar' }) as unknown;
  const problems = useMemo(() => datesProblems(dates), [dates]);
  const preview = useMemo(() => {
    if (problems.length > 0) return null;
    const series = previewedSeries(dates, edited);
    if (!series) return null;
    const words = safely(() => inWords(series.rule), '');
    const next = safely<ExpandedOccurrence[]>(
      () => nextOccurrences(series.rule, series.rows, series.listAfter, PREVIEW_COUNT),
      [],
    );
    return { words, next };
  }, [problems, dates, edited, inWords]);

  return (
    <Box
      component="section"
      aria-labelledby="event-preview-title"
      sx={{ p: 2, borderRadius: 1, bgcolor: 'action.hover' }}
    >
      {preview ? (
        <Typography data-testid="rule-in-words" sx={{ fontWeight: 600 }}>
          {preview.words}
        </Typography>
      ) : null}
      <Typography id="event-preview-title" variant="subtitle2" color="text.secondary" sx={{ mt: 1 }}>
        {translate('resources.events.preview.title')}
      </Typography>
      {problems.length > 0 ? (
        <ProblemList problems={problems} />
      ) : !preview ? (
        <Typography variant="body2">{translate('resources.events.preview.incomplete')}</Typography>
      ) : preview.next.length === 0 ? (
        <Typography variant="body2">{translate('resources.events.preview.none')}</Typography>
      ) : (
        <List dense aria-label={translate('resources.events.preview.title')}>
          {preview.next.map((occurrence) => (
            <ListItem key={occurrence.originalStartsAt} disableGutters>
              <ListItemText
                primary={formatOccurrenceSpan(occurrence.startsAt, occurrence.endsAt, locale)}
                secondary={occurrence.eventTitle}
              />
            </ListItem>
          ))}
        </List>
      )}
    </Box>
  );
};
