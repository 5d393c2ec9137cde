import CheckIcon from '@mui/icons-material/Check';
import WarningAmberIcon from '@mui/icons-material/WarningAmber';
import { Chip, Stack, Tooltip } from '@mui/material';
import { useRecordContext, useTranslate } from 'react-admin';
import { missingTranslations, TAG_TRANSLATION_FIELDS, type Tag, type TagTranslationField } from '../../domain/tag';

const FIELDS = Object.keys(TAG_TRANSLATION_FIELDS) as TagTranslationField[];

/**
 * One chip per language (FR EN DE IT): an outlined one with a tick when translated, a filled warning one
 * when missing, so that gaps stand out in a long list in both colour schemes. Each chip says in words
 * which language and whether it is missing (tooltip and accessible name).
 */
export const TranslationStatus = (_props: { label?: string }) => {
  const tag = useRecordContext<Tag>();
  const translate = useTranslate();
  if (!tag) return null;
  const missing = new Set(missingTranslations(tag.translation ?? {}));
  return (
    <Stack direction="row" spacing={0.5} useFlexGap flexWrap="wrap">
      {FIELDS.map((field) => {
        const isMissing = missing.has(field);
        const description = translate('resources.tags.translationState.chip', {
          language: translate(`resources.tags.fields.translation.${field}`),
          state: translate(`resources.tags.translationState.${isMissing ? 'missing' : 'present'}`),
        });
        return (
          <Tooltip key={field} title={description}>
            <Chip
              size="small"
              aria-label={description}
              data-missing={isMissing}
              label={TAG_TRANSLATION_FIELDS[field].toUpperCase()}
              color={isMissing ? 'warning' : 'default'}
              variant={isMissing ? 'filled' : 'outlined'}
              icon={isMissing ? <WarningAmberIcon /> : <CheckIcon />}
            />
          </Tooltip>
        );
      })}
    </Stack>
  );
};
