import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  List,
  ListItemButton,
  ListItemText,
} from '@mui/material';
import { useTranslate } from 'react-admin';
import { UPDATE_SCOPES, type UpdateScope } from '../../domain/enums';

const TEXT = 'resources.events.occurrence';

/** Saving one occurrence of a series asks which occurrences the change is for (the update scope). */
export const OccurrenceScopeDialog = ({
  open,
  onChoose,
  onCancel,
}: {
  open: boolean;
  onChoose: (scope: UpdateScope) => void;
  onCancel: () => void;
}) => {
  const translate = useTranslate();
  return (
    <Dialog open={open} onClose={onCancel} aria-labelledby="occurrence-scope-title">
      <DialogTitle id="occurrence-scope-title">{translate(`${TEXT}.scopeTitle`)}</DialogTitle>
      <DialogContent>
        <List>
          {UPDATE_SCOPES.map((scope) => (
            <ListItemButton key={scope} onClick={() => onChoose(scope)}>
              <ListItemText primary={translate(`${TEXT}.${scope}`)} />
            </ListItemButton>
          ))}
        </List>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel}>{translate('ra.action.cancel')}</Button>
      </DialogActions>
    </Dialog>
  );
};
