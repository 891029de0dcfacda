import { type Entry, get, post } from './matrix-kit';

/** Team invitations as the invited person answers them (issue 40): only the person the email names. */
export const TEAM_INVITATION_ENTRIES: Record<string, Entry> = {
  'GET /api/user/teamInvitations': {
    access: 'self',
    request: () => get('/api/user/teamInvitations'),
  },
  'POST /api/user/teamInvitations/accept': {
    access: 'owned',
    destructive: true,
    targets: (world) => [
      {
        owner: 'indB',
        label: "orgA's invitation to indB",
        request: post('/api/user/teamInvitations/accept', { memberId: world.teamInvitations.accept }),
      },
    ],
  },
  'POST /api/user/teamInvitations/decline': {
    access: 'owned',
    destructive: true,
    targets: (world) => [
      {
        owner: 'indB',
        label: "orgB's invitation to indB",
        request: post('/api/user/teamInvitations/decline', { memberId: world.teamInvitations.decline }),
      },
    ],
  },
};
