import { Box, Tab, Tabs } from '@mui/material';
import { ResourceContextProvider, Title, useTranslate } from 'react-admin';
import { useLocation, useNavigate } from 'react-router-dom';
import { PromoCodeCreate, PromoCodeEdit } from './PromoCodeForms';
import { PromoCodeList } from './PromoCodeList';
import { PromoCodeTemplateCreate, PromoCodeTemplateEdit } from './PromoCodeTemplateForms';
import { PromoCodeTemplateList } from './PromoCodeTemplateList';
import { listPathOf, routeOf, type PromoCodeDrawer, type PromoCodeTab } from './paths';

const CodesDrawer = ({ drawer, onClose }: { drawer: PromoCodeDrawer; onClose: () => void }) => {
  if (drawer.mode === 'create') return <PromoCodeCreate onClose={onClose} />;
  if (drawer.mode === 'edit') return <PromoCodeEdit key={drawer.id} id={drawer.id} onClose={onClose} />;
  return null;
};

const TemplatesDrawer = ({ drawer, onClose }: { drawer: PromoCodeDrawer; onClose: () => void }) => {
  if (drawer.mode === 'create') return <PromoCodeTemplateCreate onClose={onClose} />;
  if (drawer.mode === 'edit') return <PromoCodeTemplateEdit key={drawer.id} id={drawer.id} onClose={onClose} />;
  return null;
};

/**
 * `/promo-code`: the codes (status, usage, bulk creation, export) and, on a second tab, the templates that say
 * what the codes grant. Each tab's drawer follows the path (`/promo-code/12`, `/promo-code/templates/create`).
 */
export const PromoCodesPage = () => {
  const translate = useTranslate();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const { tab, drawer } = routeOf(pathname);
  const close = () => navigate(listPathOf(tab));
  return (
    <Box>
      <Title title="app.menu.promoCode" />
      <Tabs
        value={tab}
        onChange={(_event, next: PromoCodeTab) => navigate(listPathOf(next))}
        aria-label={translate('app.menu.promoCode')}
        sx={{ borderBottom: 1, borderColor: 'divider' }}
      >
        <Tab value="codes" label={translate('resources.promo-codes.tabs.codes')} />
        <Tab value="templates" label={translate('resources.promo-codes.tabs.templates')} />
      </Tabs>
      {tab === 'codes' ? (
        <ResourceContextProvider value="promo-codes">
          <PromoCodeList />
          <CodesDrawer drawer={drawer} onClose={close} />
        </ResourceContextProvider>
      ) : (
        <ResourceContextProvider value="promo-code-templates">
          <PromoCodeTemplateList />
          <TemplatesDrawer drawer={drawer} onClose={close} />
        </ResourceContextProvider>
      )}
    </Box>
  );
};
