import { Box, useTheme } from '@mui/material';
import { lineClasses } from '@mui/x-charts/LineChart';
import { SparkLineChart } from '@mui/x-charts/SparkLineChart';

/**
 * The dashboard's small charts (@mui/x-charts, the app's one chart library). Loaded lazily by the cards
 * (cards.tsx), so the page's first load does not carry the chart code. Each chart is one image for
 * assistive technology, named by `label`; the figures it draws are on the card as text.
 */

interface WeekOverWeekProps {
  /** Per day, oldest first: the last 7 days (today last) and the 7 before. */
  last: number[];
  previous: number[];
  height: number;
  label: string;
}

/** The last 7 days' line over a light area, the 7 days before as a dashed line above it, on one scale. */
export const WeekOverWeekSparkline = ({ last, previous, height, label }: WeekOverWeekProps) => {
  const theme = useTheme();
  const max = Math.max(1, ...last, ...previous);
  const yAxis = { min: 0, max };
  return (
    <Box role="img" aria-label={label} sx={{ position: 'relative', height, mt: 1 }}>
      <Box sx={{ position: 'absolute', inset: 0 }}>
        <SparkLineChart
          data={last}
          height={height}
          yAxis={yAxis}
          curve="natural"
          area
          color={theme.palette.info.main}
          disableClipping
          sx={{ [`& .${lineClasses.area}`]: { fillOpacity: 0.2 }, [`& .${lineClasses.line}`]: { strokeWidth: 2 } }}
        />
      </Box>
      {previous.length > 0 ? (
        <Box sx={{ position: 'absolute', inset: 0 }}>
          <SparkLineChart
            data={previous}
            height={height}
            yAxis={yAxis}
            curve="natural"
            color={theme.palette.text.secondary}
            disableClipping
            sx={{ [`& .${lineClasses.line}`]: { strokeDasharray: '4 3', strokeWidth: 1.5 } }}
          />
        </Box>
      ) : null}
    </Box>
  );
};

interface WeeklyBarsProps {
  /** Per week, oldest first (this week last). */
  values: number[];
  height: number;
  label: string;
}

/** One bar per week. */
export const WeeklyBars = ({ values, height, label }: WeeklyBarsProps) => {
  const theme = useTheme();
  return (
    <Box role="img" aria-label={label} sx={{ height, mt: 1 }}>
      <SparkLineChart
        data={values}
        plotType="bar"
        height={height}
        yAxis={{ min: 0, max: Math.max(1, ...values) }}
        color={theme.palette.success.main}
      />
    </Box>
  );
};
