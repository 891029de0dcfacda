import Alert from '@mui/material/Alert';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import {
  NOTIFICATION_KIND_GROUPS,
  NOTIFICATION_KIND_LABELS,
  type NotificationChannel,
  type NotificationPreference,
  STUDENT_ONLY_NOTIFICATION_KINDS,
} from '@placely/contract';
import { Fragment } from 'react';
import { showError, showSuccess } from '../../../lib/snackbar';
import { usePreferences } from '../api/getPreferences';
import { useSavePreferences } from '../api/savePreferences';

/**
 * Per kind and channel, grouped by whom the kinds concern; each change is saved at once. An organization account
 * (`forOrganization`) is not shown the kinds only students receive.
 */
export function NotificationPreferencesForm({ forOrganization = false }: { forOrganization?: boolean }) {
  const preferences = usePreferences();
  const save = useSavePreferences();
  if (preferences.isPending) return <CircularProgress aria-label="Loading notification settings" />;
  if (preferences.isError) return <Alert severity="error">Your notification settings could not be loaded.</Alert>;

  const change = (item: NotificationPreference, channel: NotificationChannel, value: boolean) =>
    save.mutate([{ ...item, [channel]: value }], {
      onSuccess: (result) => showSuccess(result.message),
      onError: (error) => showError(error),
    });
  return (
    <Table size="small" aria-label="Notification settings">
      <TableHead>
        <TableRow>
          <TableCell>What</TableCell>
          <TableCell align="center">In Placely</TableCell>
          <TableCell align="center">Email</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {NOTIFICATION_KIND_GROUPS.map((group) => ({
          ...group,
          kinds: group.kinds.filter((kind) => !(forOrganization && STUDENT_ONLY_NOTIFICATION_KINDS.has(kind))),
        }))
          .filter((group) => group.kinds.length > 0)
          .map((group) => (
            <Fragment key={group.title}>
              <TableRow>
                <TableCell
                  component="th"
                  scope="colgroup"
                  colSpan={3}
                  sx={{ fontWeight: 600, bgcolor: 'action.hover' }}
                >
                  {group.title}
                </TableCell>
              </TableRow>
              {preferences.data.items
                .filter((item) => group.kinds.includes(item.kind))
                .map((item) => (
                  <TableRow key={item.kind}>
                    <TableCell>{NOTIFICATION_KIND_LABELS[item.kind]}</TableCell>
                    {(['inApp', 'email'] as const).map((channel) => (
                      <TableCell key={channel} align="center" padding="checkbox">
                        <Checkbox
                          checked={item[channel]}
                          disabled={save.isPending}
                          onChange={(event) => change(item, channel, event.target.checked)}
                          slotProps={{
                            input: {
                              'aria-label': `${NOTIFICATION_KIND_LABELS[item.kind]}: ${channel === 'inApp' ? 'in Placely' : 'email'}`,
                            },
                          }}
                        />
                      </TableCell>
                    ))}
                  </TableRow>
                ))}
            </Fragment>
          ))}
      </TableBody>
    </Table>
  );
}
