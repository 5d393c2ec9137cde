import LabelOffIcon from '@mui/icons-material/LabelOff';
import MergeTypeIcon from '@mui/icons-material/MergeType';
import { Chip, IconButton, Link as MuiLink, Tooltip, Typography, useMediaQuery, type Theme } from '@mui/material';
import { useState, type MouseEvent } from 'react';
import {
  Button,
  DataTable,
  FilterButton,
  Link,
  List,
  SearchInput,
  SelectInput,
  SimpleList,
  TextInput,
  TopToolbar,
  useListContext,
  useLocaleState,
  useRecordContext,
  useTranslate,
  useUnselectAll,
  type Identifier,
} from 'react-admin';
import { LANGUAGES } from '../../domain/languages';
import type { TaggedResource, TagTerm } from '../../domain/tagTerms';
import { formatNumber } from '../shared/figureFormat';
import { MergeDialog } from './MergeDialog';
import { MissingTranslations } from './MissingTranslations';
import { COUNT_FIELDS, taggedRecordsPathOf, untaggedRecordsPathOf } from './paths';

/** A filter without an input: adding it from the filter menu sets `unused: true`. */
const UnusedFilter = (_props: { source: string; label?: string; defaultValue?: unknown }) => {
  const translate = useTranslate();
  return <Chip sx={{ mb: 1 }} color="info" label={translate('tagTerms.filters.unused')} />;
};

/** `missingTranslation`: `true` for any language (shown as "Any language"), or one language. */
const ANY_LANGUAGE = 'any';
const missingTranslationChoices = [
  { id: ANY_LANGUAGE, name: 'tagTerms.filters.anyLanguage' },
  ...LANGUAGES.map((language) => ({ id: language, name: `tagTerms.languages.${language}` })),
];
const parseMissing = (value: unknown) => (value === ANY_LANGUAGE ? true : value);
const formatMissing = (value: unknown) => (value === true ? ANY_LANGUAGE : (value ?? ''));

const tagTermFilters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <SelectInput
    key="missingTranslation"
    source="missingTranslation"
    label="tagTerms.filters.missingTranslation"
    choices={missingTranslationChoices}
    parse={parseMissing}
    format={formatMissing}
    alwaysOn
  />,
  <TextInput key="category" source="category" label="tagTerms.fields.category" />,
  <UnusedFilter key="unused" source="unused" label="tagTerms.filters.unused" defaultValue />,
];

const ListActions = () => (
  <TopToolbar>
    <FilterButton />
    <Button label="tagTerms.untagged.open" component={Link} to={untaggedRecordsPathOf()}>
      <LabelOffIcon />
    </Button>
  </TopToolbar>
);

/** One count of a tag, a link to the records of that kind carrying it. */
const CountLink = ({ kind }: { kind: TaggedResource }) => {
  const term = useRecordContext<TagTerm>();
  const translate = useTranslate();
  const [locale] = useLocaleState();
  if (!term) return null;
  const count = term[COUNT_FIELDS[kind]];
  return (
    <MuiLink
      component={Link}
      to={taggedRecordsPathOf(term.id, kind)}
      onClick={(event: MouseEvent) => event.stopPropagation()}
      aria-label={translate(`tagTerms.counts.${kind}`, { smart_count: count, name: term.tagName })}
    >
      {formatNumber(count, locale)}
    </MuiLink>
  );
};

/** The row's "Merge into…" button (an icon with its words as tooltip and name). */
const MergeRowButton = ({ onMerge }: { onMerge: (term: TagTerm) => void }) => {
  const term = useRecordContext<TagTerm>();
  const translate = useTranslate();
  if (!term) return null;
  const label = translate('tagTerms.merge.rowAction', { name: term.tagName });
  return (
    <Tooltip title={label}>
      <IconButton
        size="small"
        aria-label={label}
        onClick={(event) => {
          event.stopPropagation();
          onMerge(term);
        }}
      >
        <MergeTypeIcon fontSize="small" />
      </IconButton>
    </Tooltip>
  );
};

/** The selection's "Merge into…": the selected tags (of this page) merged into one picked tag. */
const BulkMergeButton = ({ onMerge }: { onMerge: (terms: TagTerm[]) => void }) => {
  const { selectedIds, data } = useListContext<TagTerm>();
  const selected = (data ?? []).filter((term) => selectedIds.includes(term.id));
  return (
    <Button label="tagTerms.merge.bulkAction" onClick={() => onMerge(selected)} disabled={selected.length === 0}>
      <MergeTypeIcon />
    </Button>
  );
};

const rowPath = (id: Identifier) => taggedRecordsPathOf(id);

const TagTermTable = ({ onMerge }: { onMerge: (terms: TagTerm[]) => void }) => (
  <DataTable<TagTerm> rowClick={rowPath} bulkActionButtons={<BulkMergeButton onMerge={onMerge} />}>
    <DataTable.Col source="tagName" label="tagTerms.fields.tagName" />
    <DataTable.Col source="category" label="tagTerms.fields.category" disableSort />
    <DataTable.Col source="establishments" label="tagTerms.fields.establishments" align="right">
      <CountLink kind="establishments" />
    </DataTable.Col>
    <DataTable.Col source="promoterGroups" label="tagTerms.fields.promoterGroups" align="right">
      <CountLink kind="promoters" />
    </DataTable.Col>
    <DataTable.Col source="events" label="tagTerms.fields.events" align="right">
      <CountLink kind="events" />
    </DataTable.Col>
    <DataTable.Col label="tagTerms.fields.missingTranslations" disableSort>
      <MissingTranslations />
    </DataTable.Col>
    <DataTable.Col label="tagTerms.fields.actions" disableSort align="right">
      <MergeRowButton onMerge={(term) => onMerge([term])} />
    </DataTable.Col>
  </DataTable>
);

/** Phones: name, category and the three counts, the missing translations; a row opens the tag's records. */
const CountsLine = () => {
  const term = useRecordContext<TagTerm>();
  const translate = useTranslate();
  const [locale] = useLocaleState();
  if (!term) return null;
  return (
    <Typography component="span" variant="body2" color="text.secondary">
      {term.category} ·{' '}
      {translate('tagTerms.counts.line', {
        establishments: formatNumber(term.establishments, locale),
        promoterGroups: formatNumber(term.promoterGroups, locale),
        events: formatNumber(term.events, locale),
      })}
    </Typography>
  );
};

const TagTermSimpleList = () => (
  <SimpleList<TagTerm>
    primaryText={(term) => term.tagName}
    secondaryText={<CountsLine />}
    tertiaryText={<MissingTranslations />}
    rowClick={(id) => rowPath(id)}
  />
);

/**
 * Tag terms: every tag with how many establishments, promoter groups and events carry it (each count a link
 * to those records) and the translations it lacks; search, category, missing translation and unused filters;
 * sort by name or counts; merge a tag (a row's button) or several (the selection) into another.
 */
export const TagTermList = () => {
  const isPhone = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'));
  const [merging, setMerging] = useState<TagTerm[] | null>(null);
  const unselectAll = useUnselectAll('tag-terms');
  return (
    <>
      <List<TagTerm>
        resource="tag-terms"
        title="app.menu.tagTerms"
        sort={{ field: 'tagName', order: 'ASC' }}
        filters={tagTermFilters}
        actions={<ListActions />}
        perPage={25}
      >
        {isPhone ? <TagTermSimpleList /> : <TagTermTable onMerge={setMerging} />}
      </List>
      {merging && <MergeDialog sources={merging} onClose={() => setMerging(null)} onMerged={() => unselectAll()} />}
    </>
  );
};
