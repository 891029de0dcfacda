import CodeIcon from '@mui/icons-material/Code';
import FormatBoldIcon from '@mui/icons-material/FormatBold';
import FormatItalicIcon from '@mui/icons-material/FormatItalic';
import FormatListBulletedIcon from '@mui/icons-material/FormatListBulleted';
import FormatListNumberedIcon from '@mui/icons-material/FormatListNumbered';
import FormatQuoteIcon from '@mui/icons-material/FormatQuote';
import FormatStrikethroughIcon from '@mui/icons-material/FormatStrikethrough';
import FormatUnderlinedIcon from '@mui/icons-material/FormatUnderlined';
import LinkIcon from '@mui/icons-material/Link';
import LinkOffIcon from '@mui/icons-material/LinkOff';
import RedoIcon from '@mui/icons-material/Redo';
import UndoIcon from '@mui/icons-material/Undo';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import IconButton from '@mui/material/IconButton';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import { httpUrlSchema } from '@placely/contract';
import { type Editor, EditorContent, useEditor, useEditorState } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { type ReactNode, useEffect, useId, useImperativeHandle, useState } from 'react';
import { useController, useFormContext } from 'react-hook-form';

/**
 * Rich text for an opening's description. Only what the server keeps is offered: paragraphs, line breaks, bold,
 * italic, underline, strike, lists, links, level 2–3 headings, quotes and inline code.
 */
const extensions = [
  StarterKit.configure({
    heading: { levels: [2, 3] },
    codeBlock: false,
    horizontalRule: false,
    link: { openOnClick: false, autolink: true, protocols: ['http', 'https'], defaultProtocol: 'https' },
  }),
];

function ToolButton({
  label,
  active,
  disabled,
  onClick,
  children,
}: {
  label: string;
  active?: boolean;
  disabled?: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <Tooltip title={label}>
      <span>
        <IconButton
          size="small"
          aria-label={label}
          aria-pressed={active === undefined ? undefined : active}
          disabled={disabled ?? false}
          color={active ? 'primary' : 'default'}
          onClick={onClick}
          onMouseDown={(event) => event.preventDefault()}
        >
          {children}
        </IconButton>
      </span>
    </Tooltip>
  );
}

function Toolbar({ editor, onLink }: { editor: Editor; onLink: () => void }) {
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e.isActive('bold'),
      italic: e.isActive('italic'),
      underline: e.isActive('underline'),
      strike: e.isActive('strike'),
      h2: e.isActive('heading', { level: 2 }),
      h3: e.isActive('heading', { level: 3 }),
      bullet: e.isActive('bulletList'),
      ordered: e.isActive('orderedList'),
      quote: e.isActive('blockquote'),
      code: e.isActive('code'),
      link: e.isActive('link'),
      canUndo: e.can().undo(),
      canRedo: e.can().redo(),
    }),
  });
  const chain = () => editor.chain().focus();
  return (
    <Box
      role="toolbar"
      aria-label="Formatting"
      sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.25, p: 0.5, borderBottom: 1, borderColor: 'divider' }}
    >
      <ToolButton label="Bold" active={state.bold} onClick={() => chain().toggleBold().run()}>
        <FormatBoldIcon fontSize="small" />
      </ToolButton>
      <ToolButton label="Italic" active={state.italic} onClick={() => chain().toggleItalic().run()}>
        <FormatItalicIcon fontSize="small" />
      </ToolButton>
      <ToolButton label="Underline" active={state.underline} onClick={() => chain().toggleUnderline().run()}>
        <FormatUnderlinedIcon fontSize="small" />
      </ToolButton>
      <ToolButton label="Strikethrough" active={state.strike} onClick={() => chain().toggleStrike().run()}>
        <FormatStrikethroughIcon fontSize="small" />
      </ToolButton>
      <Divider orientation="vertical" flexItem />
      <Button
        size="small"
        aria-pressed={state.h2}
        color={state.h2 ? 'primary' : 'inherit'}
        onMouseDown={(event) => event.preventDefault()}
        onClick={() => chain().toggleHeading({ level: 2 }).run()}
        sx={{ minWidth: 36 }}
        aria-label="Heading"
      >
        H2
      </Button>
      <Button
        size="small"
        aria-pressed={state.h3}
        color={state.h3 ? 'primary' : 'inherit'}
        onMouseDown={(event) => event.preventDefault()}
        onClick={() => chain().toggleHeading({ level: 3 }).run()}
        sx={{ minWidth: 36 }}
        aria-label="Subheading"
      >
        H3
      </Button>
      <ToolButton label="Bulleted list" active={state.bullet} onClick={() => chain().toggleBulletList().run()}>
        <FormatListBulletedIcon fontSize="small" />
      </ToolButton>
      <ToolButton label="Numbered list" active={state.ordered} onClick={() => chain().toggleOrderedList().run()}>
        <FormatListNumberedIcon fontSize="small" />
      </ToolButton>
      <ToolButton label="Quote" active={state.quote} onClick={() => chain().toggleBlockquote().run()}>
        <FormatQuoteIcon fontSize="small" />
      </ToolButton>
      <ToolButton label="Code" active={state.code} onClick={() => chain().toggleCode().run()}>
        <CodeIcon fontSize="small" />
      </ToolButton>
      <ToolButton label="Link" active={state.link} onClick={onLink}>
        <LinkIcon fontSize="small" />
      </ToolButton>
      {state.link && (
        <ToolButton label="Remove link" onClick={() => chain().extendMarkRange('link').unsetLink().run()}>
          <LinkOffIcon fontSize="small" />
        </ToolButton>
      )}
      <Divider orientation="vertical" flexItem />
      <ToolButton label="Undo" disabled={!state.canUndo} onClick={() => chain().undo().run()}>
        <UndoIcon fontSize="small" />
      </ToolButton>
      <ToolButton label="Redo" disabled={!state.canRedo} onClick={() => chain().redo().run()}>
        <RedoIcon fontSize="small" />
      </ToolButton>
    </Box>
  );
}

function LinkDialog({ editor, open, onClose }: { editor: Editor; open: boolean; onClose: () => void }) {
  const [url, setUrl] = useState('');
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (open) {
      setUrl((editor.getAttributes('link').href as string | undefined) ?? '');
      setError(null);
    }
  }, [open, editor]);
  const apply = () => {
    const trimmed = url.trim();
    if (!trimmed) {
      editor.chain().focus().extendMarkRange('link').unsetLink().run();
      onClose();
      return;
    }
    const parsed = httpUrlSchema.safeParse(trimmed);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Enter a web address');
      return;
    }
    const chain = editor.chain().focus().extendMarkRange('link');
    if (editor.state.selection.empty && !editor.isActive('link')) {
      chain.insertContent({ type: 'text', text: parsed.data, marks: [{ type: 'link', attrs: { href: parsed.data } }] });
    } else {
      chain.setLink({ href: parsed.data });
    }
    chain.run();
    onClose();
  };
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="xs">
      <DialogTitle>Link</DialogTitle>
      <DialogContent>
        <TextField
          autoFocus
          fullWidth
          margin="dense"
          label="Web address"
          type="url"
          value={url}
          onChange={(event) => setUrl(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              apply();
            }
          }}
          error={Boolean(error)}
          helperText={error ?? 'Leave empty to remove the link'}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button variant="contained" onClick={apply}>
          Apply
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** The opening description as rich text, bound to the editor form (HTML; '' when empty). */
export default function RichTextEditor({
  name,
  label,
  helperText,
}: {
  name: string;
  label: string;
  helperText?: string;
}) {
  const { control } = useFormContext();
  const { field, fieldState } = useController({ name, control });
  const labelId = useId();
  const helperId = useId();
  const [linkOpen, setLinkOpen] = useState(false);
  const value = typeof field.value === 'string' ? field.value : '';

  const editor = useEditor({
    extensions,
    content: value,
    immediatelyRender: true,
    shouldRerenderOnTransaction: false,
    editorProps: {
      attributes: {
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-labelledby': labelId,
        'aria-describedby': helperId,
        class: 'placely-rich-text',
      },
    },
    onUpdate: ({ editor: e }) => field.onChange(e.isEmpty ? '' : e.getHTML()),
    onBlur: () => field.onBlur(),
  });

  // A reset from outside (loading the saved opening) replaces the content; typing never round-trips here.
  useEffect(() => {
    if (!editor) return;
    const current = editor.isEmpty ? '' : editor.getHTML();
    if (current !== value) editor.commands.setContent(value, { emitUpdate: false });
  }, [editor, value]);

  // Lets the form focus the editor when the description is the first invalid field.
  useImperativeHandle(field.ref, () => ({ focus: () => editor?.commands.focus() }), [editor]);

  const error = fieldState.error?.message;
  return (
    <Box>
      <FormLabel id={labelId} error={Boolean(error)} sx={{ display: 'block', mb: 0.5 }}>
        {label}
      </FormLabel>
      <Box
        sx={{
          border: 1,
          borderColor: error ? 'error.main' : 'divider',
          borderRadius: 1,
          '&:focus-within': {
            borderColor: 'primary.main',
            boxShadow: (theme) => `0 0 0 1px ${theme.palette.primary.main}`,
          },
          '& .placely-rich-text': {
            minHeight: 140,
            px: 1.5,
            py: 1,
            outline: 'none',
            '& p': { my: 0.75 },
            '& h2': { fontSize: '1.25rem', my: 1 },
            '& h3': { fontSize: '1.1rem', my: 1 },
            '& blockquote': { borderLeft: 3, borderColor: 'divider', pl: 1.5, ml: 0, color: 'text.secondary' },
            '& code': { bgcolor: 'action.hover', px: 0.5, borderRadius: 0.5 },
          },
        }}
      >
        {editor && <Toolbar editor={editor} onLink={() => setLinkOpen(true)} />}
        <EditorContent editor={editor} />
      </Box>
      <FormHelperText id={helperId} error={Boolean(error)}>
        {error ?? helperText ?? ' '}
      </FormHelperText>
      {editor && <LinkDialog editor={editor} open={linkOpen} onClose={() => setLinkOpen(false)} />}
    </Box>
  );
}
