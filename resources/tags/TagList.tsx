import { Chip, useMediaQuery, type Theme } from '@mui/material';
import { DataTable, List, SearchInput, SimpleList, TextInput, useCanAccess, useTranslate } from 'react-admin';
import type { Tag } from '../../domain/tag';
import { useDrawerRoute } from '../shared/RecordDrawer';
import { TagCreate, TagEdit } from './TagForms';
import { TranslationStatus } from './TranslationStatus';

/** A filter without an input: adding it from the filter menu sets `missingTranslation: true`. */
const MissingTranslationFilter = (_props: { source: string; label?: string; defaultValue?: unknown }) => {
  const translate = useTranslate();
  return <Chip sx={{ mb: 1 }} color="warning" label={translate('resources.tags.filters.missingTranslation')} />;
};

const tagFilters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <TextInput key="category" source="category" label="resources.tags.fields.generalInfos.category" />,
  <MissingTranslationFilter
    key="missingTranslation"
    source="missingTranslation"
    label="resources.tags.filters.missingTranslation"
    defaultValue
  />,
];

const TagTable = () => (
  <DataTable<Tag> bulkActionButtons={false}>
    {/* The API sorts on the flat names (tagName, category, subCategory); the values sit in generalInfos. */}
    <DataTable.Col
      source="tagName"
      label="resources.tags.fields.generalInfos.tagName"
      render={(tag) => tag.generalInfos.tagName}
    />
    <DataTable.Col
      source="category"
      label="resources.tags.fields.generalInfos.category"
      render={(tag) => tag.generalInfos.category}
    />
    <DataTable.Col
      source="subCategory"
      label="resources.tags.fields.generalInfos.subCategory"
      render={(tag) => tag.generalInfos.subCategory ?? ''}
    />
    <DataTable.Col label="resources.tags.fields.translationStatus" disableSort>
      <TranslationStatus />
    </DataTable.Col>
  </DataTable>
);

/** Phones: name, category, and the translation chips. */
const TagSimpleList = () => (
  <SimpleList<Tag>
    primaryText={(tag) => tag.generalInfos.tagName}
    secondaryText={(tag) => [tag.generalInfos.category, tag.generalInfos.subCategory].filter(Boolean).join(' · ')}
    tertiaryText={<TranslationStatus />}
  />
);

const TagDrawer = () => {
  const route = useDrawerRoute();
  const { canAccess: canCreate } = useCanAccess({ resource: 'tags', action: 'create' });
  const { canAccess: canEdit } = useCanAccess({ resource: 'tags', action: 'edit' });
  if (route.mode === 'create' && canCreate) return <TagCreate onClose={route.close} />;
  if (route.mode === 'edit' && canEdit) return <TagEdit key={String(route.id)} id={route.id} onClose={route.close} />;
  return null;
};

/** Tags: search, category and missing-translation filters; create and edit in a drawer. */
export const TagList = () => {
  const isPhone = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'));
  return (
    <>
      <List sort={{ field: 'tagName', order: 'ASC' }} filters={tagFilters} perPage={25}>
        {isPhone ? <TagSimpleList /> : <TagTable />}
      </List>
      <TagDrawer />
    </>
  );
};
