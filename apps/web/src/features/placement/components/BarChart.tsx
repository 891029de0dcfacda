import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useId } from 'react';

export interface Bar {
  label: string;
  value: number;
  /** A second, overlaid value (e.g. placed of eligible); drawn darker inside the bar. */
  part?: number;
}

export interface BarChartProps {
  title: string;
  bars: readonly Bar[];
  /** How a value reads ("12 students"). */
  format?: (value: number) => string;
  partLabel?: string;
}

/**
 * Horizontal bars drawn as SVG from the server's figures. The picture is for the eye; the same figures are in the
 * table beside it (every chart has its table) and in a one-line summary, so it is read aloud and printed as well.
 */
export function BarChart({ title, bars, format = String, partLabel }: BarChartProps) {
  const titleId = useId();
  const max = Math.max(1, ...bars.map((bar) => bar.value));
  const rowHeight = 28;
  const labelWidth = 38; // percent of the width given to labels
  const highest = bars.reduce<Bar | null>((top, bar) => (top === null || bar.value > top.value ? bar : top), null);
  return (
    <Box component="figure" aria-labelledby={titleId} sx={{ m: 0, mb: 2 }}>
      <Typography id={titleId} component="figcaption" sx={{ fontWeight: 600, mb: 1 }}>
        {title}
      </Typography>
      {bars.length === 0 ? (
        <Typography color="text.secondary">Nothing to show yet.</Typography>
      ) : (
        <>
          <svg
            width="100%"
            height={bars.length * rowHeight}
            aria-hidden="true"
            focusable="false"
            style={{ display: 'block', maxWidth: 640 }}
          >
            {bars.map((bar, index) => {
              const width = (bar.value / max) * (100 - labelWidth - 12);
              const partWidth = bar.part === undefined ? 0 : (bar.part / max) * (100 - labelWidth - 12);
              const y = index * rowHeight;
              return (
                <g key={bar.label}>
                  <text x="0" y={y + 18} fontSize="13" fill="currentColor">
                    {bar.label.length > 28 ? `${bar.label.slice(0, 27)}…` : bar.label}
                  </text>
                  <rect x={`${labelWidth}%`} y={y + 5} width={`${width}%`} height="18" rx="2" fill="#90caf9" />
                  {partWidth > 0 && (
                    <rect x={`${labelWidth}%`} y={y + 5} width={`${partWidth}%`} height="18" rx="2" fill="#1565c0" />
                  )}
                  <text x={`${labelWidth + width + 1}%`} y={y + 18} fontSize="13" fill="currentColor">
                    {bar.part === undefined ? format(bar.value) : `${format(bar.part)} / ${format(bar.value)}`}
                  </text>
                </g>
              );
            })}
          </svg>
          {highest && (
            <Typography variant="body2" color="text.secondary">
              Highest: {highest.label}, {format(highest.value)}
              {partLabel && highest.part !== undefined ? ` (${partLabel} ${format(highest.part)})` : ''}.
            </Typography>
          )}
        </>
      )}
    </Box>
  );
}
