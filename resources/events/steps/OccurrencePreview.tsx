import { Box, List, ListItem, ListItemText, Typography } from '@mui/material';
import { useMemo } from 'react';
import { useLocaleState, useTranslate } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { nextOccurrences, type ExpandedOccurrence } from '../../../domain/recurrence';
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
 * What the rule means, as the user types it: the rule in words and its next occurrences (rows applied),
 * in Zurich time and the UI language.
 */
export const OccurrencePreview = () => {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const inWords = useRuleInWords();
  const dates = useWatch({ name: 'dateAndCalendar' }) as unknown;
  const preview = useMemo(() => {
    const rule = ruleOfDateValues(dates);
    if (!rule) return null;
    const words = safely(() => inWords(rule), '');
    const next = safely<ExpandedOccurrence[]>(() => nextOccurrences(rule, rowsOfDateValues(dates), new Date().toISOString(), PREVIEW_COUNT), []);
    return { words, next };
  }, [dates, inWords]);

  return (
    <Box component="section" aria-labelledby="event-preview-title" sx={{ p: 2, borderRadius: 1, bgcolor: 'action.hover' }}>
      {preview ? (
        <Typography data-testid="rule-in-words" sx={{ fontWeight: 600 }}>
          {preview.words}
        </Typography>
      ) : null}
      <Typography id="event-preview-title" variant="subtitle2" color="text.secondary" sx={{ mt: 1 }}>
        {translate('resources.events.preview.title')}
      </Typography>
      {!preview ? (
        <Typography variant="body2">{translate('resources.events.preview.incomplete')}</Typography>
      ) : preview.next.length === 0 ? (
        <Typography variant="body2">{translate('resources.events.preview.none')}</Typography>
      ) : (
        <List dense aria-label={translate('resources.events.preview.title')}>
          {preview.next.map((occurrence) => (
            <ListItem key={occurrence.originalStartsAt} disableGutters>
              <ListItemText primary={formatOccurrenceSpan(occurrence.startsAt, occurrence.endsAt, locale)} secondary={occurrence.eventTitle} />
            </ListItem>
          ))}
        </List>
      )}
    </Box>
  );
};
