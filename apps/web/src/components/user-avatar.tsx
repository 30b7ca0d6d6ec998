import { Avatar } from '@mantine/core';
import { IconUser } from '@tabler/icons-react';

type TUserAvatarProps = { name?: string | null; src?: string | null; size?: number | 'sm' | 'md' | 'lg' };

/** A person's picture, or a placeholder icon when there is none or it fails to load. */
export const UserAvatar = ({ name, src, size = 'md' }: TUserAvatarProps) => (
  <Avatar src={src ?? null} alt={name ?? 'User'} radius={1000} size={size}>
    <IconUser size={18} />
  </Avatar>
);
