import { lazy, Suspense } from 'react';
import { LinearProgress } from '@mui/material';
import type { RichTextInputProps } from 'ra-input-rich-text';

/**
 * The rich-text description input, loaded on first use: the editor (TipTap and ProseMirror) is as large
 * as the rest of react-admin, and only the drawers that edit descriptions need it.
 */
const RichTextEditor = lazy(() => import('./RichTextEditor'));

export const RichTextDescriptionInput = (props: RichTextInputProps) => (
  <Suspense fallback={<LinearProgress sx={{ my: 2 }} />}>
    <RichTextEditor {...props} />
  </Suspense>
);
