import LabelOffIcon from '@mui/icons-material/LabelOff';
import NewLabelIcon from '@mui/icons-material/NewLabel';
import { Typography } from '@mui/material';
import { useState } from 'react';
import {
  Button,
  Confirm,
  useDataProvider,
  useListContext,
  useLocaleState,
  useNotify,
  useRefresh,
  useTranslate,
  type Identifier,
} from 'react-admin';
import type { Tag } from '../../domain/tag';
import type { TaggedResource, TagAssignmentReply } from '../../domain/tagTerms';
import type { AppDataProvider } from '../../providers/dataProvider';
import { formatNumber } from '../shared/figureFormat';
import { errorCodeOf, errorMessageKeyOf } from '../shared/resourceErrors';
import { tagLabelIn } from '../tags/tagLabel';
import { TagPickerDialog } from './TagPickerDialog';

/** The selected ids as the API takes them (numbers). */
const idsOf = (selectedIds: readonly Identifier[]) => selectedIds.map(Number);

/** After an assign or unassign: say how many records changed, clear the selection, reload the lists. */
const useAfterAssignment = () => {
  const notify = useNotify();
  const refresh = useRefresh();
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const { onUnselectItems } = useListContext();
  return {
    done: (key: string, reply: TagAssignmentReply, tagName: string) => {
      onUnselectItems();
      notify(key, {
        type: 'success',
        messageArgs: { smart_count: reply.changed, count: formatNumber(reply.changed, locale), name: tagName },
      });
      refresh();
    },
    failed: (error: unknown) => {
      notify('tagTerms.assign.failed', {
        type: 'error',
        messageArgs: { reason: translate(errorMessageKeyOf(error), { _: errorCodeOf(error) ?? '' }) },
      });
      refresh();
    },
  };
};

/** The bulk "Remove tag" of a tag's records: after a confirmation, `POST /tags/:id/unassign {resource, ids}`. */
export const RemoveTagButton = ({ tagId, tagName, kind }: { tagId: number; tagName: string; kind: TaggedResource }) => {
  const dataProvider = useDataProvider<AppDataProvider>();
  const { selectedIds } = useListContext();
  const after = useAfterAssignment();
  const [confirming, setConfirming] = useState(false);
  const [running, setRunning] = useState(false);

  const remove = async () => {
    setConfirming(false);
    setRunning(true);
    try {
      after.done(
        'tagTerms.remove.done',
        await dataProvider.unassignTag(tagId, { resource: kind, ids: idsOf(selectedIds) }),
        tagName,
      );
    } catch (error) {
      after.failed(error);
    } finally {
      setRunning(false);
    }
  };

  return (
    <>
      <Button label="tagTerms.remove.action" onClick={() => setConfirming(true)} disabled={running}>
        <LabelOffIcon />
      </Button>
      <Confirm
        isOpen={confirming}
        title="tagTerms.remove.confirmTitle"
        content={`tagTerms.remove.confirmContent.${kind}`}
        translateOptions={{ name: tagName }}
        contentTranslateOptions={{ smart_count: selectedIds.length, name: tagName }}
        onConfirm={() => void remove()}
        onClose={() => setConfirming(false)}
      />
    </>
  );
};

/** The bulk "Assign tag…" of the records without tags: pick a tag, `POST /tags/:tagId/assign {resource, ids}`. */
export const AssignTagButton = ({ kind }: { kind: TaggedResource }) => {
  const dataProvider = useDataProvider<AppDataProvider>();
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const { selectedIds } = useListContext();
  const after = useAfterAssignment();
  const [picking, setPicking] = useState(false);
  const count = selectedIds.length;

  const assign = async (targetId: Identifier, tag: Tag | undefined) => {
    try {
      const reply = await dataProvider.assignTag(targetId, { resource: kind, ids: idsOf(selectedIds) });
      setPicking(false);
      after.done('tagTerms.assign.done', reply, tag ? tagLabelIn(tag, locale) : String(targetId));
    } catch (error) {
      after.failed(error);
    }
  };

  return (
    <>
      <Button label="tagTerms.assign.action" onClick={() => setPicking(true)}>
        <NewLabelIcon />
      </Button>
      {picking && (
        <TagPickerDialog
          title={translate('tagTerms.assign.title')}
          confirmLabel="tagTerms.assign.confirm"
          icon={<NewLabelIcon />}
          intro={
            <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
              {translate(`tagTerms.assign.intro.${kind}`, { smart_count: count, count: formatNumber(count, locale) })}
            </Typography>
          }
          summary={(tag) => (
            <Typography variant="body2" data-testid="assign-summary">
              {translate(`tagTerms.assign.summary.${kind}`, {
                smart_count: count,
                count: formatNumber(count, locale),
                name: tagLabelIn(tag, locale),
              })}
            </Typography>
          )}
          onClose={() => setPicking(false)}
          onConfirm={assign}
        />
      )}
    </>
  );
};
