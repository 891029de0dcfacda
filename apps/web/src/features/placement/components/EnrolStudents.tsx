import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type EnrolmentImportResult, PLACEMENT_LIMITS } from '@placely/contract';
import { type ChangeEvent, useState } from 'react';
import { Section } from '../../../lib/components/Section';
import { showError, showSuccess } from '../../../lib/snackbar';
import { useEnrolFromGroup } from '../api/enrolFromGroup';
import { useAdminGroups } from '../api/getAdminGroups';
import { useImportEnrolments } from '../api/importEnrolments';

/** A chosen file as the import body wants it: CSV as text, XLSX as base64. */
async function readBatchFile(file: File): Promise<{ format: 'csv' | 'xlsx'; content: string }> {
  if (/\.xlsx$/i.test(file.name)) {
    const bytes = new Uint8Array(await file.arrayBuffer());
    let binary = '';
    for (let index = 0; index < bytes.length; index += 0x8000) {
      binary += String.fromCharCode(...bytes.subarray(index, index + 0x8000));
    }
    return { format: 'xlsx', content: btoa(binary) };
  }
  return { format: 'csv', content: await file.text() };
}

/**
 * Bringing the batch in: from a verification group (with the records its verifiers confirmed) or from the cell's own
 * list (CSV or XLSX: email, roll number, programme, branch, CGPA, backlogs, graduation year). A list with bad rows is
 * refused whole and every bad row is named with its line, so the cell fixes the file and uploads it again.
 */
export function EnrolStudents({ cycleId }: { cycleId: string }) {
  const groups = useAdminGroups(true);
  const fromGroup = useEnrolFromGroup();
  const importBatch = useImportEnrolments();
  const [groupId, setGroupId] = useState('');
  const [result, setResult] = useState<EnrolmentImportResult | null>(null);
  const [unmapped, setUnmapped] = useState<string[]>([]);

  const enrolGroup = () =>
    fromGroup.mutate(
      { cycleId, groupId },
      {
        onSuccess: (response) => {
          showSuccess(response.message);
          setUnmapped(response.data.unmappedBranches);
        },
        onError: (error) => showError(error),
      },
    );

  const upload = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    if (file.size > PLACEMENT_LIMITS.maxImportBytes) {
      showError('The file is too large (at most 2 MB)');
      return;
    }
    try {
      const response = await importBatch.mutateAsync({ cycleId, ...(await readBatchFile(file)) });
      setResult(response.data);
      if (response.data.errors.length === 0) showSuccess(response.message);
    } catch (error) {
      showError(error);
    }
  };

  return (
    <Section title="Enrol students" description="Students can also enrol themselves through the cycle’s link.">
      <Stack spacing={3}>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' } }}>
          <TextField
            select
            label="Verification group"
            size="small"
            value={groupId}
            onChange={(event) => setGroupId(event.target.value)}
            sx={{ minWidth: 260 }}
            helperText={groups.data?.items.length === 0 ? 'You run no verification group' : ' '}
          >
            {groups.data?.items.map((group) => (
              <MenuItem key={group.id} value={group.id}>
                {group.name}
              </MenuItem>
            ))}
          </TextField>
          <Button
            variant="outlined"
            disabled={!groupId || fromGroup.isPending}
            onClick={enrolGroup}
            sx={{ mb: { sm: 2.5 } }}
          >
            Enrol its members
          </Button>
        </Stack>
        {unmapped.length > 0 && (
          <Alert severity="warning">
            These branches are not on the institution’s list, so those students have no branch yet:{' '}
            {unmapped.join(', ')}. Add them (or an alias) under Programmes and branches.
          </Alert>
        )}
        <Stack spacing={1}>
          <Typography variant="body2" color="text.secondary">
            Upload the batch as CSV or XLSX with the columns: email, roll number, programme, branch, CGPA, backlogs,
            graduation year. The values are recorded as verified and locked.
          </Typography>
          <Button
            variant="outlined"
            component="label"
            disabled={importBatch.isPending}
            sx={{ alignSelf: 'flex-start' }}
          >
            {importBatch.isPending ? 'Importing…' : 'Upload a list'}
            <input
              hidden
              type="file"
              accept=".csv,.xlsx,text/csv"
              onChange={upload}
              aria-label="Upload a list of students"
            />
          </Button>
        </Stack>
        {result && result.errors.length > 0 && (
          <Stack spacing={1} role="alert">
            <Alert severity="error">
              {result.errors.length + result.moreErrors} row
              {result.errors.length + result.moreErrors === 1 ? ' has' : 's have'} errors; nothing was imported. Fix
              them and upload the file again.
            </Alert>
            <Table size="small" aria-label="Rows with errors">
              <TableHead>
                <TableRow>
                  <TableCell>Line</TableCell>
                  <TableCell>Column</TableCell>
                  <TableCell>Problem</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {result.errors.map((error) => (
                  <TableRow key={`${error.line}-${error.field}`}>
                    <TableCell>{error.line}</TableCell>
                    <TableCell>{error.field}</TableCell>
                    <TableCell>{error.message}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
            {result.moreErrors > 0 && <Typography>…and {result.moreErrors} more.</Typography>}
          </Stack>
        )}
      </Stack>
    </Section>
  );
}
