import AccountBookOutlined from '@ant-design/icons/AccountBookOutlined';
import ApartmentOutlined from '@ant-design/icons/ApartmentOutlined';
import AppstoreOutlined from '@ant-design/icons/AppstoreOutlined';
import AuditOutlined from '@ant-design/icons/AuditOutlined';
import BankOutlined from '@ant-design/icons/BankOutlined';
import BranchesOutlined from '@ant-design/icons/BranchesOutlined';
import CalendarOutlined from '@ant-design/icons/CalendarOutlined';
import CarOutlined from '@ant-design/icons/CarOutlined';
import ClockCircleOutlined from '@ant-design/icons/ClockCircleOutlined';
import ClusterOutlined from '@ant-design/icons/ClusterOutlined';
import ContactsOutlined from '@ant-design/icons/ContactsOutlined';
import ControlOutlined from '@ant-design/icons/ControlOutlined';
import EnvironmentOutlined from '@ant-design/icons/EnvironmentOutlined';
import FileTextOutlined from '@ant-design/icons/FileTextOutlined';
import HistoryOutlined from '@ant-design/icons/HistoryOutlined';
import HomeOutlined from '@ant-design/icons/HomeOutlined';
import IdcardOutlined from '@ant-design/icons/IdcardOutlined';
import MessageOutlined from '@ant-design/icons/MessageOutlined';
import PieChartOutlined from '@ant-design/icons/PieChartOutlined';
import SafetyCertificateOutlined from '@ant-design/icons/SafetyCertificateOutlined';
import ScheduleOutlined from '@ant-design/icons/ScheduleOutlined';
import SettingOutlined from '@ant-design/icons/SettingOutlined';
import TagsOutlined from '@ant-design/icons/TagsOutlined';
import TeamOutlined from '@ant-design/icons/TeamOutlined';
import ToolOutlined from '@ant-design/icons/ToolOutlined';
import WalletOutlined from '@ant-design/icons/WalletOutlined';
import AlertOutlined from '@ant-design/icons/AlertOutlined';
import BorderOuterOutlined from '@ant-design/icons/BorderOuterOutlined';
import SafetyOutlined from '@ant-design/icons/SafetyOutlined';
import SendOutlined from '@ant-design/icons/SendOutlined';
import SwapOutlined from '@ant-design/icons/SwapOutlined';
import type { ComponentType } from 'react';

/**
 * The icons the permission catalogue names (contracts/permissions.ts), imported one by one so that the
 * bundle carries these and no others. An unknown name falls back to a neutral icon.
 */
const ICONS: Record<string, ComponentType> = {
  SwapOutlined,
  SendOutlined,
  SafetyOutlined,
  BorderOuterOutlined,
  AlertOutlined,
  AccountBookOutlined,
  ApartmentOutlined,
  AuditOutlined,
  BankOutlined,
  BranchesOutlined,
  CalendarOutlined,
  CarOutlined,
  ClockCircleOutlined,
  ClusterOutlined,
  ContactsOutlined,
  ControlOutlined,
  EnvironmentOutlined,
  FileTextOutlined,
  HistoryOutlined,
  HomeOutlined,
  IdcardOutlined,
  MessageOutlined,
  PieChartOutlined,
  SafetyCertificateOutlined,
  ScheduleOutlined,
  SettingOutlined,
  TagsOutlined,
  TeamOutlined,
  ToolOutlined,
  WalletOutlined,
};

export function MenuIcon({ name }: { name: string | null | undefined }) {
  const Icon = (name && ICONS[name]) || AppstoreOutlined;
  return <Icon />;
}

export function hasMenuIcon(name: string): boolean {
  return name in ICONS;
}
