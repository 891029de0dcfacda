import ArrowDropDownCircleOutlinedIcon from '@mui/icons-material/ArrowDropDownCircleOutlined';
import AttachFileIcon from '@mui/icons-material/AttachFile';
import CalendarTodayOutlinedIcon from '@mui/icons-material/CalendarTodayOutlined';
import CheckBoxOutlinedIcon from '@mui/icons-material/CheckBoxOutlined';
import EmailOutlinedIcon from '@mui/icons-material/EmailOutlined';
import LinearScaleIcon from '@mui/icons-material/LinearScale';
import LinkIcon from '@mui/icons-material/Link';
import NotesIcon from '@mui/icons-material/Notes';
import NumbersIcon from '@mui/icons-material/Numbers';
import PhoneOutlinedIcon from '@mui/icons-material/PhoneOutlined';
import RadioButtonCheckedIcon from '@mui/icons-material/RadioButtonChecked';
import ShortTextIcon from '@mui/icons-material/ShortText';
import ToggleOnOutlinedIcon from '@mui/icons-material/ToggleOnOutlined';
import ViewAgendaOutlinedIcon from '@mui/icons-material/ViewAgendaOutlined';
import type { SvgIconProps } from '@mui/material/SvgIcon';
import type { FieldType } from '@placely/contract';
import type { ComponentType } from 'react';

const ICONS: Record<FieldType, ComponentType<SvgIconProps>> = {
  shortText: ShortTextIcon,
  paragraph: NotesIcon,
  number: NumbersIcon,
  email: EmailOutlinedIcon,
  phone: PhoneOutlinedIcon,
  url: LinkIcon,
  date: CalendarTodayOutlinedIcon,
  singleChoice: RadioButtonCheckedIcon,
  multipleChoice: CheckBoxOutlinedIcon,
  dropdown: ArrowDropDownCircleOutlinedIcon,
  yesNo: ToggleOnOutlinedIcon,
  linearScale: LinearScaleIcon,
  fileUpload: AttachFileIcon,
  repeatableGroup: ViewAgendaOutlinedIcon,
};

export function FieldTypeIcon({ type, ...props }: { type: FieldType } & SvgIconProps) {
  const Icon = ICONS[type];
  return <Icon fontSize="small" aria-hidden {...props} />;
}
