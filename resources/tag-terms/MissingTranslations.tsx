import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutline';
import WarningAmberIcon from '@mui/icons-material/WarningAmber';
import { Chip, Stack, Tooltip } from '@mui/material';
import { useRecordContext, useTranslate } from 'react-admin';
import { LANGUAGES } from '../../domain/languages';
import type { TagTerm } from '../../domain/tagTerms';

/**
 * The languages a tag lacks, one filled warning chip each (EN FR DE IT, in that order), named in words for
 * tooltips and screen readers; a tag with every translation shows one outlined "complete" chip instead.
 */
export const MissingTranslations = (_props: { label?: string }) => {
  const term = useRecordContext<TagTerm>();
  const translate = useTranslate();
  if (!term) return null;
  const missing = LANGUAGES.filter((language) => term.missingTranslations.includes(language));
  if (missing.length === 0) {
    return (
      <Chip
        size="small"
        variant="outlined"
        color="success"
        icon={<CheckCircleOutlineIcon />}
        label={translate('tagTerms.translations.complete')}
        data-complete
      />
    );
  }
  return (
    <Stack direction="row" spacing={0.5} useFlexGap flexWrap="wrap">
      {missing.map((language) => {
        const description = translate('tagTerms.translations.missing', {
          language: translate(`tagTerms.languages.${language}`),
        });
        return (
          <Tooltip key={language} title={description}>
            <Chip
              size="small"
              color="warning"
              aria-label={description}
              data-missing={language}
              icon={<WarningAmberIcon />}
              label={language.toUpperCase()}
            />
          </Tooltip>
        );
      })}
    </Stack>
  );
};
