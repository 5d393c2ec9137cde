import { Box, Button, Typography } from '@mui/material';
import SearchOffIcon from '@mui/icons-material/SearchOff';
import DashboardIcon from '@mui/icons-material/Dashboard';
import { Title, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { PATHS } from '../paths';

/**
 * The default Not Found page, inside the layout. react-admin's own one renders a bare <h1> outside
 * the theme's typography and appends a period to a message that already ends with one.
 */
export const NotFoundPage = () => {
  const translate = useTranslate();
  return (
    <Box
      component="section"
      sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', textAlign: 'center', gap: 2, py: 8, px: 2 }}
    >
      <Title title="ra.page.not_found" />
      <SearchOffIcon sx={{ fontSize: 96, color: 'text.disabled' }} />
      <Typography component="h1" variant="h4" sx={{ fontWeight: 600 }}>
        {translate('ra.page.not_found')}
      </Typography>
      <Typography color="text.secondary">{translate('ra.message.not_found')}</Typography>
      <Button component={Link} to={PATHS.dashboard} variant="contained" startIcon={<DashboardIcon />}>
        {translate('app.menu.dashboard')}
      </Button>
    </Box>
  );
};
