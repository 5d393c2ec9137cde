import { Alert, Badge, InputAdornment } from '@mui/material';
import WarningAmberIcon from '@mui/icons-material/WarningAmber';
import { TabbedForm, TextInput, useTranslate, type TabbedFormProps } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { missingTranslations, TAG_TRANSLATION_FIELDS, type TagTranslationField } from '../../domain/tag';
import { RichTextDescriptionInput } from '../shared/RichTextDescriptionInput';

const TRANSLATION_FIELDS = Object.keys(TAG_TRANSLATION_FIELDS) as TagTranslationField[];

const useMissingTranslations = (): TagTranslationField[] => {
  const translation = useWatch({ name: 'translation' }) as
    Partial<Record<TagTranslationField, string | null>> | undefined;
  return missingTranslations(translation ?? {});
};

/** The tab's title with the number of missing languages, so the gap shows from any tab. */
const TranslationTabLabel = () => {
  const translate = useTranslate();
  const missing = useMissingTranslations().length;
  const label = translate('resources.tags.tabs.translation');
  if (missing === 0) return <>{label}</>;
  return (
    <Badge color="warning" badgeContent={missing} sx={{ pr: 1.5 }}>
      {label}
    </Badge>
  );
};

/** One language's label: its name, and "Missing" beside an empty field. */
const TranslationInput = ({ field }: { field: TagTranslationField }) => {
  const translate = useTranslate();
  const value = useWatch({ name: `translation.${field}` }) as string | null | undefined;
  const isMissing = !value?.trim();
  return (
    <TextInput
      source={`translation.${field}`}
      helperText={isMissing ? 'resources.tags.translationState.missing' : false}
      slotProps={{
        // "Missing" reads as a warning; an error keeps the error colour.
        formHelperText: { sx: { '&:not(.Mui-error)': { color: 'warning.main' } } },
        htmlInput: { lang: TAG_TRANSLATION_FIELDS[field] },
        input: isMissing
          ? {
              endAdornment: (
                <InputAdornment position="end">
                  <WarningAmberIcon
                    color="warning"
                    fontSize="small"
                    aria-label={translate('resources.tags.translationState.missing')}
                  />
                </InputAdornment>
              ),
            }
          : undefined,
      }}
    />
  );
};

const TranslationSummary = () => {
  const translate = useTranslate();
  const missing = useMissingTranslations().length;
  return (
    <Alert severity={missing ? 'warning' : 'success'} sx={{ mb: 2, width: '100%' }}>
      {missing
        ? translate('resources.tags.translationState.missingCount', { smart_count: missing })
        : translate('resources.tags.translationState.allPresent')}
    </Alert>
  );
};

/** The tag form in three tabs: general infos, translation, advanced. Shared by create and edit. */
export const TagForm = (props: Omit<TabbedFormProps, 'children'>) => (
  <TabbedForm syncWithLocation={false} {...props}>
    <TabbedForm.Tab label="resources.tags.tabs.generalInfos">
      <TextInput source="generalInfos.tagName" isRequired />
      <TextInput source="generalInfos.category" isRequired />
      <TextInput source="generalInfos.subCategory" />
    </TabbedForm.Tab>
    <TabbedForm.Tab label={<TranslationTabLabel />}>
      <TranslationSummary />
      {TRANSLATION_FIELDS.map((field) => (
        <TranslationInput key={field} field={field} />
      ))}
    </TabbedForm.Tab>
    <TabbedForm.Tab label="resources.tags.tabs.advanced">
      <TextInput source="advanced.description" multiline minRows={3} />
      <RichTextDescriptionInput source="advanced.htmlDescription" />
    </TabbedForm.Tab>
  </TabbedForm>
);
