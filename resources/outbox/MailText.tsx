import { Fragment } from 'react';
import { Box, Link } from '@mui/material';

const URL_PATTERN = /(https?:\/\/[^\s<>"']+)/g;

/**
 * The plain-text part of a mail, with its web addresses made clickable: that is how a reset or access
 * link is followed on a machine without a mail server. Only http(s) addresses become links.
 */
export const MailText = ({ text }: { text: string }) => (
  <Box
    component="pre"
    sx={{
      m: 0,
      p: 2,
      whiteSpace: 'pre-wrap',
      wordBreak: 'break-word',
      fontFamily: 'inherit',
      fontSize: '0.875rem',
      bgcolor: 'action.hover',
      borderRadius: 1,
    }}
  >
    {text.split(URL_PATTERN).map((part, index) =>
      index % 2 === 1 ? (
        <Link key={index} href={part} rel="noopener noreferrer">
          {part}
        </Link>
      ) : (
        <Fragment key={index}>{part}</Fragment>
      ),
    )}
  </Box>
);
