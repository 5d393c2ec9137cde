import type { ReactNode } from 'react';
import { Box, Card, CardContent, Stack, Typography } from '@mui/material';
import { useDocumentTitle } from '../../layout/documentTitle';
import { usePageTranslate } from '../../public/pageText';
import { PublicColorSchemeMenu, PublicLanguageMenu } from '../../public/PublicMenus';

export interface AuthLayoutProps {
  /** Translation key of the card's heading. */
  title: string;
  /** Translation key of the line under the heading. */
  subtitle?: string;
  children: ReactNode;
}

/** The centred card of the public screens (sign-in, password and account flows), in both colour schemes. */
export const AuthLayout = ({ title, subtitle, children }: AuthLayoutProps) => {
  const translate = usePageTranslate();
  useDocumentTitle(translate(title), translate('app.name'));
  return (
    <Box
      component="main"
      sx={{
        minHeight: '100vh',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        p: 2,
        bgcolor: 'background.default',
        backgroundImage: (theme) =>
          `radial-gradient(circle at 20% 10%, ${theme.palette.primary.main}22, transparent 45%), radial-gradient(circle at 85% 90%, ${theme.palette.secondary.main}1f, transparent 40%)`,
      }}
    >
      <Stack direction="row" sx={{ position: 'absolute', top: 8, right: 8, color: 'text.primary' }}>
        <PublicLanguageMenu />
        <PublicColorSchemeMenu />
      </Stack>
      <Card elevation={0} sx={{ width: '100%', maxWidth: 440, border: 1, borderColor: 'divider', borderRadius: 3 }}>
        <CardContent sx={{ p: { xs: 3, sm: 4 } }}>
          <Typography variant="overline" color="primary" sx={{ fontWeight: 600, letterSpacing: 1.5 }}>
            {translate('app.name')}
          </Typography>
          <Typography component="h1" variant="h5" sx={{ fontWeight: 600, mb: subtitle ? 1 : 3 }}>
            {translate(title)}
          </Typography>
          {subtitle && (
            <Typography variant="body2" color="text.secondary" sx={{ mb: 3 }}>
              {translate(subtitle)}
            </Typography>
          )}
          {children}
        </CardContent>
      </Card>
    </Box>
  );
};
