import { useMediaQuery, type Theme } from '@mui/material';
import {
  DataTable,
  List,
  SearchInput,
  SelectInput,
  SimpleList,
  useLocaleState,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { PROMO_DISCOUNT_KINDS } from '../../domain/enums';
import type { PromoCodeTemplate } from '../../domain/promoCode';
import { formatDateInput } from '../shared/dateFormat';
import { recordPathOf } from './paths';
import { useDrawerListControls } from '../shared/drawerList';

const TEXTS = 'resources.promo-code-templates';

/** "20 %", "CHF 10.00" or "Free entry", in the reader's number format. */
export const useDiscountText = () => {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  return (template: PromoCodeTemplate): string => {
    if (template.discountKind === 'FREE_ENTRY' || template.discountValue === null)
      return translate(`${TEXTS}.kinds.FREE_ENTRY`);
    if (template.discountKind === 'PERCENTAGE')
      return new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 2 }).format(
        template.discountValue / 100,
      );
    return new Intl.NumberFormat(locale, { style: 'currency', currency: 'CHF' }).format(template.discountValue);
  };
};

const useTemplateFilters = () => {
  const translate = useTranslate();
  const kindChoices = PROMO_DISCOUNT_KINDS.map((kind) => ({ id: kind, name: translate(`${TEXTS}.kinds.${kind}`) }));
  return [
    <SearchInput key="q" source="q" alwaysOn />,
    <SelectInput key="discountKind" source="discountKind" choices={kindChoices} alwaysOn />,
  ];
};

/** A validity day (`YYYY-MM-DD`) as the interface language writes dates (31.12.2026), or a dash when open. */
const ValidityDate = ({ source }: { source: 'validFrom' | 'validUntil' }) => {
  const [locale] = useLocaleState();
  const value = useRecordContext<PromoCodeTemplate>()?.[source];
  return <>{value ? formatDateInput(value, locale) : '—'}</>;
};

/** The templates: name, discount and validity; create and edit in a drawer. */
export const PromoCodeTemplateList = () => {
  const isPhone = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'));
  const discountText = useDiscountText();
  const filters = useTemplateFilters();
  const { rowClick, actions } = useDrawerListControls('promo-code-templates', (id) => recordPathOf('templates', id));
  return (
    <List
      resource="promo-code-templates"
      sort={{ field: 'name', order: 'ASC' }}
      filters={filters}
      perPage={25}
      actions={actions}
      exporter={false}
      title={false}
      disableSyncWithLocation
      storeKey="promo-code-templates.list"
    >
      {isPhone ? (
        <SimpleList<PromoCodeTemplate>
          primaryText={(template) => template.name}
          secondaryText={(template) => discountText(template as PromoCodeTemplate)}
          rowClick={rowClick}
        />
      ) : (
        <DataTable<PromoCodeTemplate> bulkActionButtons={false} rowClick={rowClick}>
          <DataTable.Col source="name" />
          <DataTable.Col source="discountKind" render={(template) => discountText(template as PromoCodeTemplate)} />
          <DataTable.Col source="validFrom">
            <ValidityDate source="validFrom" />
          </DataTable.Col>
          <DataTable.Col source="validUntil">
            <ValidityDate source="validUntil" />
          </DataTable.Col>
        </DataTable>
      )}
    </List>
  );
};
