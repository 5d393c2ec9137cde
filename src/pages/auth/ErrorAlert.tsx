import { Alert } from '@mui/material';
import { usePageTranslate } from '../../public/pageText';

/** A form's error in place, under its heading; renders nothing without a message. */
export const ErrorAlert = ({
  messageKey,
  options,
}: {
  messageKey: string | null;
  options?: Record<string, unknown>;
}) => {
  const translate = usePageTranslate();
  if (!messageKey) return null;
  return (
    <Alert severity="error" sx={{ mb: 2 }}>
      {translate(messageKey, options)}
    </Alert>
  );
};
