import { useState, type ErrorInfo } from 'react';
import { Alert, AlertTitle, Box, Button, Collapse } from '@mui/material';
import { useResetErrorBoundaryOnLocationChange, useTranslate } from 'react-admin';

export interface RouterErrorBoxProps {
  error: Error;
  errorInfo?: ErrorInfo;
  /** Given by `<Admin error>`; the layout resets its own boundary when the location changes. */
  resetErrorBoundary?: (...args: unknown[]) => void;
}

const noReset = () => undefined;

/**
 * The box a page shows when it fails to render ("Something went wrong!"), with the error's
 * details behind a Show Error / Hide Error toggle. Used by `<Admin error>` and the layout; moving to
 * another page clears it.
 */
export const RouterErrorBox = ({ error, errorInfo, resetErrorBoundary }: RouterErrorBoxProps) => {
  const translate = useTranslate();
  const [isDetailShown, setIsDetailShown] = useState(false);
  useResetErrorBoundaryOnLocationChange(resetErrorBoundary ?? noReset);

  return (
    <Box sx={{ p: 2, maxWidth: 960 }}>
      <Alert
        severity="error"
        variant="outlined"
        action={
          <Button
            color="inherit"
            size="small"
            aria-expanded={isDetailShown}
            onClick={() => setIsDetailShown((shown) => !shown)}
          >
            {translate(isDetailShown ? 'app.errors.router.hideError' : 'app.errors.router.showError')}
          </Button>
        }
      >
        <AlertTitle>{translate('app.errors.router.title')}</AlertTitle>
        <Collapse in={isDetailShown} unmountOnExit>
          <Box
            component="pre"
            sx={{ m: 0, mt: 1, whiteSpace: 'pre-wrap', wordBreak: 'break-word', fontSize: '0.8rem' }}
          >
            {error.message}
            {errorInfo?.componentStack}
          </Box>
        </Collapse>
      </Alert>
    </Box>
  );
};
