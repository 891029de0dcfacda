import { isOrganizationAccount, type MyOrganization, ORGANIZATION_ROLE_LABELS } from '@placely/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { useActingFor, useActingOrganizationId } from '../../lib/actingFor';
import { showSuccess } from '../../lib/snackbar';
import { useAppStore } from '../../lib/store';
import { useMyOrganizations } from './api/getMyOrganizations';

export interface SwitchOption {
  key: string;
  label: string;
  secondary: string;
  selected: boolean;
  onSelect: () => void;
}

export interface ActiveOrganization {
  /** The organization acted for: the chosen one, else the person's own organization account (if it is one). */
  organization: MyOrganization | null;
  /** True while acting for an organization other than the person's own account. */
  actingForTeam: boolean;
  /** The server's answer is still loading. */
  pending: boolean;
}

/** Which organization the signed-in person acts for, from the switch and the server's list of their organizations. */
export function useActiveOrganization(): ActiveOrganization {
  const user = useAppStore((state) => state.user);
  const chosen = useActingOrganizationId(user?.userId);
  const mine = useMyOrganizations(Boolean(user));
  const organizations = mine.data?.organizations ?? [];
  const organization =
    chosen !== null
      ? (organizations.find((item) => item.organizationId === chosen) ?? null)
      : (organizations.find((item) => item.isOwnAccount) ?? null);
  return {
    organization,
    actingForTeam: chosen !== null && chosen !== user?.userId,
    pending: Boolean(user) && mine.isPending,
  };
}

/**
 * The account-menu switch: one option per organization and one for the person's own profile. Switching resets every
 * cached query (they answered for the previous organization). A person without an organization account of their own
 * who belongs to a team acts for it from their first sign-in; a choice the server no longer confirms (removed from
 * the team) falls back to the person's own account.
 */
export function useOrganizationSwitch(): SwitchOption[] {
  const user = useAppStore((state) => state.user);
  const choice = useActingFor((state) => state.choice);
  const actFor = useActingFor((state) => state.actFor);
  const queryClient = useQueryClient();
  const mine = useMyOrganizations(Boolean(user));
  const organizations = mine.data?.organizations;
  const userId = user?.userId ?? null;
  const ownIsOrganization = isOrganizationAccount(user?.accountType);
  const chosen = choice && choice.userId === userId ? choice.organizationId : null;
  const hasChoice = Boolean(choice && choice.userId === userId);

  useEffect(() => {
    if (userId === null || !organizations) return;
    const teams = organizations.filter((item) => !item.isOwnAccount);
    if (chosen !== null && !organizations.some((item) => item.organizationId === chosen)) {
      actFor(userId, null);
      void queryClient.resetQueries();
      return;
    }
    if (!hasChoice && !ownIsOrganization && teams[0]) {
      actFor(userId, teams[0].organizationId);
      void queryClient.resetQueries({ predicate: (query) => query.queryKey[0] !== 'organizations' });
    }
  }, [userId, organizations, chosen, hasChoice, ownIsOrganization, actFor, queryClient]);

  return useMemo(() => {
    if (userId === null || !organizations || organizations.every((item) => item.isOwnAccount)) return [];
    const select = (organizationId: number | null, label: string) => () => {
      actFor(userId, organizationId);
      void queryClient.resetQueries();
      showSuccess(`Acting for ${label}`);
    };
    const current = chosen ?? (ownIsOrganization ? userId : null);
    const options: SwitchOption[] = organizations.map((item) => ({
      key: `organization-${item.organizationId}`,
      label: item.name,
      secondary: item.isOwnAccount ? 'Your organization account' : ORGANIZATION_ROLE_LABELS[item.role],
      selected: current === item.organizationId,
      onSelect: select(item.isOwnAccount ? null : item.organizationId, item.name),
    }));
    if (!ownIsOrganization) {
      options.push({
        key: 'own',
        label: user?.name ?? 'Your profile',
        secondary: 'Your own profile',
        selected: current === null,
        onSelect: select(null, 'yourself'),
      });
    }
    return options;
  }, [userId, organizations, chosen, ownIsOrganization, user?.name, actFor, queryClient]);
}
