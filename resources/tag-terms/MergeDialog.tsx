import MergeTypeIcon from '@mui/icons-material/MergeType';
import { Alert, Typography } from '@mui/material';
import { useDataProvider, useLocaleState, useNotify, useRefresh, useTranslate, type Identifier } from 'react-admin';
import type { Tag } from '../../domain/tag';
import type { TagTerm } from '../../domain/tagTerms';
import type { AppDataProvider } from '../../providers/dataProvider';
import { formatNumber } from '../shared/figureFormat';
import { errorMessageKeyOf } from '../shared/resourceErrors';
import { tagLabelIn } from '../tags/tagLabel';
import { TagPickerDialog } from './TagPickerDialog';

const totalsOf = (sources: readonly TagTerm[]) => ({
  establishments: sources.reduce((sum, term) => sum + term.establishments, 0),
  promoterGroups: sources.reduce((sum, term) => sum + term.promoterGroups, 0),
  events: sources.reduce((sum, term) => sum + term.events, 0),
});

/** The list of names as a sentence part: « a », « b », « c ». */
const quotedNames = (sources: readonly TagTerm[]) => sources.map((term) => `«${term.tagName}»`).join(', ');

const MergeSummary = ({ sources, target }: { sources: readonly TagTerm[]; target: Tag }) => {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const totals = totalsOf(sources);
  const count = (value: number) => formatNumber(value, locale);
  return (
    <Alert severity="warning" sx={{ mt: 1 }} data-testid="merge-summary">
      <Typography variant="body2">
        {translate('tagTerms.merge.summary', {
          target: tagLabelIn(target, locale),
          establishments: translate('tagTerms.merge.establishments', {
            smart_count: totals.establishments,
            count: count(totals.establishments),
          }),
          promoterGroups: translate('tagTerms.merge.promoterGroups', {
            smart_count: totals.promoterGroups,
            count: count(totals.promoterGroups),
          }),
          events: translate('tagTerms.merge.events', { smart_count: totals.events, count: count(totals.events) }),
        })}
      </Typography>
      <Typography variant="body2" sx={{ mt: 1 }}>
        {translate('tagTerms.merge.deleted', { smart_count: sources.length, names: quotedNames(sources) })}
      </Typography>
    </Alert>
  );
};

export interface MergeDialogProps {
  /** The tags merged away (one from a row, several from a selection). */
  sources: readonly TagTerm[];
  onClose: () => void;
  /** After the merges (all or some): the list refreshes itself; a selection is cleared here. */
  onMerged?: (removedIds: Identifier[]) => void;
}

/**
 * "Merge into…": pick the tag to keep, read what moves (the sources' counts) and confirm. Each source is
 * merged by `POST /tags/:id/merge-into/:targetId` in turn; the notification says how many links moved.
 * A failure stops there and says why; the merges before it stay done (each is its own transaction).
 */
export const MergeDialog = ({ sources, onClose, onMerged }: MergeDialogProps) => {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const dataProvider = useDataProvider<AppDataProvider>();
  const notify = useNotify();
  const refresh = useRefresh();

  const merge = async (targetId: Identifier, target: Tag | undefined) => {
    const removed: Identifier[] = [];
    let moved = 0;
    let keptName = target ? tagLabelIn(target, locale) : '';
    try {
      for (const source of sources) {
        const reply = await dataProvider.mergeTag(source.id, targetId);
        removed.push(source.id);
        moved += reply.moved.establishments + reply.moved.promoterGroups + reply.moved.events;
        keptName ||= reply.kept.tagName;
      }
      notify('tagTerms.merge.done', {
        type: 'success',
        messageArgs: { smart_count: moved, count: formatNumber(moved, locale), target: keptName },
      });
      onClose();
    } catch (error) {
      const key =
        (error as { status?: unknown } | null)?.status === 404 ? 'tagTerms.merge.gone' : errorMessageKeyOf(error);
      notify(key, { type: 'error', messageArgs: { _: translate('tagTerms.merge.failed') } });
      if (removed.length > 0) onClose();
    } finally {
      if (removed.length > 0) onMerged?.(removed);
      refresh();
    }
  };

  return (
    <TagPickerDialog
      title={translate('tagTerms.merge.title', { smart_count: sources.length, names: quotedNames(sources) })}
      confirmLabel="tagTerms.merge.confirm"
      icon={<MergeTypeIcon />}
      excludedIds={sources.map((term) => term.id)}
      intro={
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {translate('tagTerms.merge.intro')}
        </Typography>
      }
      summary={(target) => <MergeSummary sources={sources} target={target} />}
      onClose={onClose}
      onConfirm={merge}
    />
  );
};
