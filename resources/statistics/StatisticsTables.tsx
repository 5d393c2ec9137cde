import type { ReactNode } from 'react';
import {
  Box,
  Button,
  Card,
  CardContent,
  LinearProgress,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableFooter,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import DownloadIcon from '@mui/icons-material/Download';
import { useLocaleState, useTranslate } from 'react-admin';
import type { StatisticsReply } from '../../domain/statistics';
import { csvFileNameOf, downloadCsvFile, seriesColumnsOf, statisticsCsvOf } from './statisticsCsv';
import { averageApprovalSeconds, formatDay, formatNumber, formatShare, hoursOf } from './statisticsFormat';

/** The page's tables: the series (with its CSV export), the embedding sites and the offers. */

export const Section = ({ title, action, children }: { title: string; action?: ReactNode; children: ReactNode }) => (
  <Card component="section" aria-label={title}>
    <CardContent>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 1 }}>
        <Typography variant="h6" component="h2">
          {title}
        </Typography>
        {action}
      </Stack>
      {children}
    </CardContent>
  </Card>
);

const NUMERIC = { textAlign: 'right', whiteSpace: 'nowrap' } as const;

export const SeriesTable = ({ reply }: { reply: StatisticsReply }) => {
  const translate = useTranslate();
  const [locale = 'en'] = useLocaleState();
  const columns = seriesColumnsOf(reply, translate);
  const [dateColumn, ...figureColumns] = columns;
  const totalOf = (key: string): string => {
    if (key === 'averageApproval') {
      const average = averageApprovalSeconds(reply.totals);
      return average === null ? '' : formatNumber(hoursOf(average), locale, 1);
    }
    return formatNumber(reply.totals[key as keyof typeof reply.totals], locale);
  };
  const title = translate('statistics.table.title', { bucket: translate(`statistics.table.${reply.bucket}`) });
  return (
    <Section
      title={title}
      action={
        <Button
          size="small"
          startIcon={<DownloadIcon />}
          onClick={() => downloadCsvFile(statisticsCsvOf(reply, translate), csvFileNameOf(reply, translate))}
        >
          {translate('statistics.export.button')}
        </Button>
      }
    >
      <TableContainer sx={{ maxHeight: 480 }}>
        <Table size="small" stickyHeader aria-label={title}>
          <TableHead>
            <TableRow>
              <TableCell>{dateColumn?.heading}</TableCell>
              {figureColumns.map((column) => (
                <TableCell key={column.key} sx={NUMERIC}>
                  {column.heading}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {reply.series.map((point) => (
              <TableRow key={point.date} hover>
                <TableCell component="th" scope="row" sx={{ whiteSpace: 'nowrap' }}>
                  {formatDay(point.date, locale)}
                </TableCell>
                {figureColumns.map((column) => {
                  const value = column.value(point);
                  return (
                    <TableCell key={column.key} sx={NUMERIC}>
                      {typeof value === 'number'
                        ? formatNumber(value, locale, column.key === 'averageApproval' ? 1 : 0)
                        : ''}
                    </TableCell>
                  );
                })}
              </TableRow>
            ))}
          </TableBody>
          <TableFooter>
            <TableRow>
              <TableCell component="th" scope="row">
                {translate('statistics.table.total')}
              </TableCell>
              {figureColumns.map((column) => (
                <TableCell key={column.key} sx={{ ...NUMERIC, fontWeight: 600, color: 'text.primary' }}>
                  {totalOf(column.key)}
                </TableCell>
              ))}
            </TableRow>
          </TableFooter>
        </Table>
      </TableContainer>
    </Section>
  );
};

const EmptyText = ({ children }: { children: ReactNode }) => (
  <Typography variant="body2" color="text.secondary">
    {children}
  </Typography>
);

export const EmbeddingSitesTable = ({ reply }: { reply: StatisticsReply }) => {
  const translate = useTranslate();
  const [locale = 'en'] = useLocaleState();
  const title = translate('statistics.sites.title');
  const total = reply.totals.widgetViews;
  return (
    <Section title={title}>
      {reply.embeddingSites.length === 0 ? (
        <EmptyText>{translate('statistics.sites.empty')}</EmptyText>
      ) : (
        <TableContainer>
          <Table size="small" aria-label={title}>
            <TableHead>
              <TableRow>
                <TableCell>{translate('statistics.sites.origin')}</TableCell>
                <TableCell sx={NUMERIC}>{translate('statistics.sites.views')}</TableCell>
                <TableCell sx={NUMERIC}>{translate('statistics.sites.share')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {reply.embeddingSites.map((site) => (
                <TableRow key={site.origin}>
                  <TableCell sx={{ wordBreak: 'break-all' }}>
                    {site.origin === '' ? (
                      <Box component="span" sx={{ color: 'text.secondary', fontStyle: 'italic' }}>
                        {translate('statistics.sites.unknown')}
                      </Box>
                    ) : (
                      site.origin
                    )}
                  </TableCell>
                  <TableCell sx={NUMERIC}>{formatNumber(site.views, locale)}</TableCell>
                  <TableCell sx={NUMERIC}>{total > 0 ? formatShare(site.views / total, locale) : ''}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </Section>
  );
};

export const OffersTable = ({ reply }: { reply: StatisticsReply }) => {
  const translate = useTranslate();
  const [locale = 'en'] = useLocaleState();
  const title = translate('statistics.offers.title');
  return (
    <Section title={title}>
      {reply.offers.length === 0 ? (
        <EmptyText>{translate('statistics.offers.empty')}</EmptyText>
      ) : (
        <TableContainer>
          <Table size="small" aria-label={title}>
            <TableHead>
              <TableRow>
                <TableCell>{translate('statistics.offers.offer')}</TableCell>
                <TableCell>{translate('statistics.offers.type')}</TableCell>
                <TableCell sx={NUMERIC}>{translate('statistics.offers.claims')}</TableCell>
                <TableCell sx={{ minWidth: 160 }}>{translate('statistics.offers.spots')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {reply.offers.map((offer) => {
                const claimed = formatNumber(offer.claimedSpots, locale);
                const share =
                  offer.availableSpots === null || offer.availableSpots === 0
                    ? null
                    : Math.min(100, (offer.claimedSpots / offer.availableSpots) * 100);
                return (
                  <TableRow key={offer.id}>
                    <TableCell>{offer.title}</TableCell>
                    <TableCell>{translate(`resources.offers.types.${offer.offerType}`)}</TableCell>
                    <TableCell sx={NUMERIC}>{formatNumber(offer.claims, locale)}</TableCell>
                    <TableCell>
                      <Typography variant="body2">
                        {offer.availableSpots === null
                          ? translate('statistics.offers.unlimited', { claimed })
                          : translate('statistics.offers.spotsOf', {
                              claimed,
                              available: formatNumber(offer.availableSpots, locale),
                            })}
                      </Typography>
                      {share !== null && (
                        <LinearProgress
                          variant="determinate"
                          value={share}
                          color={share >= 90 ? 'warning' : 'primary'}
                          aria-label={translate('statistics.offers.spots')}
                          sx={{ mt: 0.5, height: 6, borderRadius: 3 }}
                        />
                      )}
                    </TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </Section>
  );
};
