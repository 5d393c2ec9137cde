import { Avatar } from '@mui/material';
import type { Upload } from '../../../domain/upload';

/** A record's logo as a small square (its preview, lighter than the file), or the name's first letter. */
export const LogoThumbnail = ({
  logo,
  name,
  size = 40,
}: {
  logo: Upload | null | undefined;
  name: string;
  size?: number;
}) => (
  <Avatar
    variant="rounded"
    src={logo?.previewUrl ?? logo?.url ?? undefined}
    alt={name}
    sx={{ width: size, height: size, bgcolor: 'action.selected', color: 'text.primary' }}
  >
    {name.trim().charAt(0).toUpperCase() || '?'}
  </Avatar>
);
