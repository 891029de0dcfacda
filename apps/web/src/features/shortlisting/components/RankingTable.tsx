import PushPinOutlinedIcon from '@mui/icons-material/PushPinOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { HIDDEN_JUDGEMENT_TEXT, RANKING_LIMITS, RANKING_SHOW, RANKING_STALE_TEXT } from '@placely/contract';
import { useState } from 'react';
import { errorMessage } from '../../../lib/api/errors';
import { useRanking } from '../api/getRanking';
import { useRecipe } from '../api/getRecipe';
import { termsNotInWhy } from '../rankingWhy';
import { RecipeEditor } from './RecipeEditor';
import { ScoreBreakdownDialog } from './ScoreBreakdownDialog';

const SHOW_LABELS: Record<(typeof RANKING_SHOW)[number], string> = {
  all: 'Everyone',
  passing: 'Not knocked out',
  knockedOut: 'Knocked out',
};

export interface RankingTableProps {
  openingId: string;
  /** The page's stage filter (combined with the rank; ranks stay opening-wide). */
  stageId: string | null;
  stageNameOf?: ((stageId: string) => string | undefined) | undefined;
  onOpenApplication: (applicationId: string) => void;
}

/**
 * The opening's candidates in rank order, from the server: rank, score and a one-line why per row (saying how many
 * terms it leaves out), the breakdown (with ratings and pins) behind a labelled "Full breakdown" button, the recipe editor for those who may change it, and the tie-break rule.
 */
export function RankingTable({ openingId, stageId, stageNameOf, onOpenApplication }: RankingTableProps) {
  const [page, setPage] = useState(1);
  const [limit, setLimit] = useState<number>(RANKING_LIMITS.pageSize);
  const [show, setShow] = useState<(typeof RANKING_SHOW)[number]>('all');
  const [minScore, setMinScore] = useState('');
  const [editing, setEditing] = useState(false);
  const [openId, setOpenId] = useState<string | null>(null);
  const recipe = useRecipe(openingId);
  const minimum = minScore.trim() === '' ? undefined : Number(minScore);
  const ranking = useRanking({
    openingId,
    page,
    limit,
    show,
    ...(stageId ? { stageId } : {}),
    ...(minimum !== undefined && Number.isFinite(minimum) ? { minScore: minimum } : {}),
  });
  const data = ranking.data;
  const [snapshot, setSnapshot] = useState<NonNullable<typeof data>['items'][number] | null>(null);
  const open = (openId && data?.items.find((item) => item.applicationId === openId)) || snapshot;
  const openBreakdown = (item: NonNullable<typeof data>['items'][number]) => {
    setOpenId(item.applicationId);
    setSnapshot(item);
  };

  return (
    <Stack spacing={1.5}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' } }}>
        <TextField
          select
          size="small"
          label="Show"
          value={show}
          onChange={(event) => {
            setShow(event.target.value as typeof show);
            setPage(1);
          }}
          sx={{ minWidth: 170 }}
        >
          {RANKING_SHOW.map((value) => (
            <MenuItem key={value} value={value}>
              {SHOW_LABELS[value]}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          size="small"
          type="number"
          label="Score at least"
          value={minScore}
          onChange={(event) => {
            setMinScore(event.target.value);
            setPage(1);
          }}
          slotProps={{ htmlInput: { min: 0, max: 100 } }}
          sx={{ width: 140 }}
        />
        {recipe.data?.abilities.change && (
          <Button
            variant="outlined"
            onClick={() => {
              // Video tasks may have been added in the responses view since: the editor offers the current ones
              // (an unchanged recipe keeps its reference through the refetch, so edits are not reset).
              void recipe.refetch();
              setEditing(true);
            }}
          >
            {recipe.data.recipe ? 'Edit ranking recipe' : 'Set a ranking recipe'}
          </Button>
        )}
      </Stack>
      {data && (
        <Typography variant="body2" color="text.secondary">
          {data.hasRecipe ? data.tieBreak : 'No ranking recipe yet: candidates are in order of application.'}
        </Typography>
      )}
      {data?.stale && <Alert severity="info">{RANKING_STALE_TEXT}</Alert>}
      {ranking.isError ? (
        <Alert severity="error">{errorMessage(ranking.error)}</Alert>
      ) : !data ? (
        <Skeleton variant="rounded" height={200} />
      ) : data.items.length === 0 ? (
        <Paper variant="outlined" sx={{ p: 4, textAlign: 'center' }}>
          <Typography color="text.secondary">No candidates match.</Typography>
        </Paper>
      ) : (
        <TableContainer component={Paper} variant="outlined">
          <Table size="small" aria-label="Candidates in rank order">
            <TableHead>
              <TableRow>
                <TableCell>Rank</TableCell>
                <TableCell sx={{ minWidth: 160 }}>Candidate</TableCell>
                {data.hasRecipe && <TableCell align="right">Score</TableCell>}
                {data.hasRecipe && <TableCell sx={{ minWidth: 240 }}>Why</TableCell>}
                {stageNameOf && <TableCell>Stage</TableCell>}
              </TableRow>
            </TableHead>
            <TableBody>
              {data.items.map((item) => (
                <TableRow key={item.applicationId} hover>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>
                    {item.rank ?? '—'}
                    {item.pin && (
                      <PushPinOutlinedIcon
                        fontSize="inherit"
                        titleAccess={`Pinned to the ${item.pin.direction}`}
                        sx={{ ml: 0.5, verticalAlign: 'middle' }}
                      />
                    )}
                  </TableCell>
                  <TableCell>
                    <Link
                      component="button"
                      type="button"
                      onClick={() => openBreakdown(item)}
                      sx={{ textAlign: 'left' }}
                      aria-label={`Score breakdown of ${item.applicant.name ?? 'candidate'}`}
                    >
                      {item.applicant.name ?? 'Candidate'}
                    </Link>
                  </TableCell>
                  {data.hasRecipe && (
                    <TableCell align="right">
                      {item.score ?? (
                        <Typography variant="caption" color="text.secondary">
                          {HIDDEN_JUDGEMENT_TEXT}
                        </Typography>
                      )}
                    </TableCell>
                  )}
                  {data.hasRecipe && (
                    <TableCell>
                      <Typography variant="body2" color={item.knockouts.length > 0 ? 'warning.main' : 'inherit'}>
                        {item.why}
                        {termsNotInWhy(item) > 0 && (
                          <Typography component="span" variant="body2" color="text.secondary">
                            {` · + ${termsNotInWhy(item)} more`}
                          </Typography>
                        )}
                      </Typography>
                      <Button
                        size="small"
                        variant="outlined"
                        onClick={() => openBreakdown(item)}
                        aria-label={`Full breakdown of ${item.applicant.name ?? 'candidate'}’s score`}
                        sx={{ mt: 0.5 }}
                      >
                        Full breakdown
                      </Button>
                    </TableCell>
                  )}
                  {stageNameOf && <TableCell sx={{ whiteSpace: 'nowrap' }}>{stageNameOf(item.stageId)}</TableCell>}
                </TableRow>
              ))}
            </TableBody>
          </Table>
          <TablePagination
            component="div"
            count={data.total}
            page={page - 1}
            rowsPerPage={limit}
            rowsPerPageOptions={[10, 25, 50, 100]}
            onPageChange={(_event, next) => setPage(next + 1)}
            onRowsPerPageChange={(event) => {
              setLimit(Number(event.target.value));
              setPage(1);
            }}
          />
        </TableContainer>
      )}
      <ScoreBreakdownDialog
        openingId={openingId}
        candidate={openId ? open : null}
        tieBreak={data?.tieBreak ?? ''}
        canPin={recipe.data?.abilities.pin ?? false}
        onOpenApplication={(id) => {
          setOpenId(null);
          onOpenApplication(id);
        }}
        onClose={() => setOpenId(null)}
      />
      {recipe.data && <RecipeEditor open={editing} state={recipe.data} onClose={() => setEditing(false)} />}
    </Stack>
  );
}
