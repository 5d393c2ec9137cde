import {
  ClearButtons,
  FormatButtons,
  LevelSelect,
  LinkButtons,
  ListButtons,
  QuoteButtons,
  RichTextInput,
  RichTextInputToolbar,
  type RichTextInputProps,
} from 'ra-input-rich-text';

/**
 * A rich-text editor (react-admin's TipTap input) limited to what a description needs: headings, bold
 * and italic, lists, links and quotes. No colours, images or alignment: the server keeps only a safe
 * subset of HTML anyway, and what the editor offers should survive saving.
 */
const descriptionToolbar = (
  <RichTextInputToolbar size="small">
    <LevelSelect size="small" />
    <FormatButtons size="small" />
    <ListButtons size="small" />
    <LinkButtons size="small" />
    <QuoteButtons size="small" />
    <ClearButtons size="small" />
  </RichTextInputToolbar>
);

/** A description is paragraphs: the editing area starts several lines high, not one. */
export const EDITOR_MIN_HEIGHT = '10em';
const editorLook = { '& .ProseMirror': { minHeight: EDITOR_MIN_HEIGHT } };

/** No description is `null`, as the API sends it (the editor's own default would be an empty string). */
const RichTextEditor = (props: RichTextInputProps) => (
  <RichTextInput toolbar={descriptionToolbar} fullWidth defaultValue={null} sx={editorLook} {...props} />
);

export default RichTextEditor;
