import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import MergeTypeIcon from '@mui/icons-material/MergeType';
import { Alert, Box, Card, CardContent, Stack, Tab, Tabs, Typography } from '@mui/material';
import { useState } from 'react';
import {
  Button,
  Link,
  RecordContextProvider,
  ResourceContextProvider,
  Title,
  useGetOne,
  useLocaleState,
  useTranslate,
} from 'react-admin';
import { useNavigate, useParams } from 'react-router-dom';
import { TAGGED_RESOURCES, type TaggedResource, type TagTerm } from '../../domain/tagTerms';
import { formatNumber } from '../shared/figureFormat';
import { AssignTagButton, RemoveTagButton } from './BulkTagButtons';
import { MergeDialog } from './MergeDialog';
import { MissingTranslations } from './MissingTranslations';
import { COUNT_FIELDS, kindOf, TAG_TERMS_PATH, taggedRecordsPathOf, untaggedRecordsPathOf } from './paths';
import { RecordsOfKind } from './RecordsOfKind';

/** The tabs of one page: a kind each, as links (each tab its own address). */
const KindTabs = ({
  kind,
  pathOf,
  countOf,
}: {
  kind: TaggedResource;
  pathOf: (kind: TaggedResource) => string;
  countOf?: (kind: TaggedResource) => number;
}) => {
  const translate = useTranslate();
  const navigate = useNavigate();
  const [locale] = useLocaleState();
  return (
    <Tabs
      value={kind}
      onChange={(_event, next: TaggedResource) => navigate(pathOf(next))}
      variant="scrollable"
      allowScrollButtonsMobile
      aria-label={translate('tagTerms.records.kinds')}
      sx={{ borderBottom: 1, borderColor: 'divider' }}
    >
      {TAGGED_RESOURCES.map((each) => {
        const label = translate(`tagTerms.records.tabs.${each}`);
        const count = countOf?.(each);
        return (
          <Tab
            key={each}
            value={each}
            label={count === undefined ? label : `${label} (${formatNumber(count, locale)})`}
          />
        );
      })}
    </Tabs>
  );
};

const BackToList = () => (
  <Button label="tagTerms.records.back" component={Link} to={TAG_TERMS_PATH}>
    <ArrowBackIcon />
  </Button>
);

/** The tag's header: name, category, missing translations, and "Merge into…" (phones have no row buttons). */
const TagTermHeader = ({ term }: { term: TagTerm }) => {
  const navigate = useNavigate();
  const [merging, setMerging] = useState(false);
  return (
    <Card sx={{ mb: 2 }}>
      <CardContent>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ justifyContent: 'space-between' }}>
          <Box>
            <Typography component="h2" variant="h5">
              {term.tagName}
            </Typography>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
              {term.category}
            </Typography>
            <RecordContextProvider value={term}>
              <MissingTranslations />
            </RecordContextProvider>
          </Box>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start', flexWrap: 'wrap' }}>
            <BackToList />
            <Button label="tagTerms.merge.bulkAction" onClick={() => setMerging(true)}>
              <MergeTypeIcon />
            </Button>
          </Stack>
        </Stack>
      </CardContent>
      {merging && (
        <MergeDialog
          sources={[term]}
          onClose={() => setMerging(false)}
          // The tag is gone: its records now carry the kept one; back to the list.
          onMerged={() => navigate(TAG_TERMS_PATH)}
        />
      )}
    </Card>
  );
};

/**
 * `/tag-terms/:id[/promoters|/events]`: the records carrying a tag, a tab per kind, searchable, with the bulk
 * "Remove tag".
 */
export const TaggedRecordsPage = () => {
  const translate = useTranslate();
  const params = useParams<{ id: string; '*': string }>();
  const tagId = Number(params.id);
  const kind = kindOf(params['*']?.split('/')[0]);
  const { data: term, error, isPending } = useGetOne<TagTerm>('tag-terms', { id: tagId }, { enabled: tagId > 0 });

  if (!(tagId > 0) || error) {
    return (
      <Box sx={{ mt: 2 }}>
        <Title title="app.menu.tagTerms" />
        <Alert severity="warning" action={<BackToList />}>
          {translate('tagTerms.records.notFound')}
        </Alert>
      </Box>
    );
  }
  if (isPending || !term) return <Title title="app.menu.tagTerms" />;
  return (
    <Box sx={{ mt: 2 }}>
      <TagTermHeader term={term} />
      <KindTabs
        kind={kind}
        pathOf={(next) => taggedRecordsPathOf(tagId, next)}
        countOf={(each) => term[COUNT_FIELDS[each]]}
      />
      <ResourceContextProvider value={kind}>
        <RecordsOfKind
          key={`${tagId}-${kind}`}
          kind={kind}
          filter={{ tagIds: [tagId] }}
          storeKey={`tag-terms.${tagId}.${kind}`}
          title={translate('tagTerms.records.title', { name: term.tagName })}
          emptyMessage={`tagTerms.records.empty.${kind}`}
          bulkActionButtons={<RemoveTagButton tagId={tagId} tagName={term.tagName} kind={kind} />}
        />
      </ResourceContextProvider>
    </Box>
  );
};

/** `/tag-terms/untagged[/promoters|/events]`: the records carrying no tag, a tab per kind, with "Assign tag…". */
export const UntaggedRecordsPage = () => {
  const translate = useTranslate();
  const params = useParams<{ '*': string }>();
  const kind = kindOf(params['*']?.split('/')[0]);
  return (
    <Box sx={{ mt: 2 }}>
      <Card sx={{ mb: 2 }}>
        <CardContent>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ justifyContent: 'space-between' }}>
            <Box>
              <Typography component="h2" variant="h5">
                {translate('tagTerms.untagged.title')}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {translate('tagTerms.untagged.help')}
              </Typography>
            </Box>
            <Box>
              <BackToList />
            </Box>
          </Stack>
        </CardContent>
      </Card>
      <KindTabs kind={kind} pathOf={untaggedRecordsPathOf} />
      <ResourceContextProvider value={kind}>
        <RecordsOfKind
          key={kind}
          kind={kind}
          filter={{ untagged: true }}
          storeKey={`tag-terms.untagged.${kind}`}
          title={translate('tagTerms.untagged.title')}
          emptyMessage={`tagTerms.untagged.empty.${kind}`}
          bulkActionButtons={<AssignTagButton kind={kind} />}
        />
      </ResourceContextProvider>
    </Box>
  );
};
