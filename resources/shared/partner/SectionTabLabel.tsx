import ErrorOutlineIcon from '@mui/icons-material/ErrorOutline';
import { Stack } from '@mui/material';
import { TabbedFormTabs, useFormGroup, useTranslate, type TabbedFormTabsProps } from 'react-admin';

/**
 * A form tab's title that says when the section holds an error: react-admin only colours such a tab; the
 * icon and its words make it visible without colour and readable by screen readers. `index` is the tab's
 * position, which is its form group name when the tabbed form does not sync with the location.
 */
export const SectionTabLabel = ({ index, label }: { index: number; label: string }) => {
  const translate = useTranslate();
  const { isValid } = useFormGroup(String(index));
  if (isValid) return <>{translate(label)}</>;
  return (
    <Stack direction="row" spacing={0.5} alignItems="center" component="span">
      <span>{translate(label)}</span>
      <ErrorOutlineIcon fontSize="small" color="error" titleAccess={translate('resources.partners.sectionHasErrors')} />
    </Stack>
  );
};

/**
 * The section tabs of a partner's form: five tabs (six with Events) are wider than the drawer in German and
 * Italian, and a scrolling row hid the last ones behind an arrow. They wrap onto a second line instead, each
 * tab underlined when selected (the single sliding indicator cannot follow a tab onto another line).
 */
const wrappingTabsSx = {
  '& .MuiTabs-flexContainer': { flexWrap: 'wrap' },
  '& .MuiTabs-indicator': { display: 'none' },
  '& .MuiTab-root': { minWidth: 0, px: 1.5, borderBottom: 2, borderColor: 'transparent' },
  '& .MuiTab-root.Mui-selected': { borderColor: 'primary.main' },
} as const;

export const SectionTabs = (props: TabbedFormTabsProps) => (
  <TabbedFormTabs variant="standard" sx={wrappingTabsSx} {...props} />
);
