import { speechToSpeechCreateCall } from '@voxwork/contract';
import { speechToSpeechTool } from '@voxwork/core';
import { bindCall } from '../http/contract.plugin.ts';
import { requireUserId } from '../areas/area.ts';
import { defineServerTool } from './server-tool.ts';

/** Speech to speech: conversion jobs. */
export const speechToSpeechServerTool = defineServerTool(speechToSpeechTool, {
  calls: ({ speechToSpeech }) => [bindCall(speechToSpeechCreateCall, async (body, context) => speechToSpeech.createSts(requireUserId(context), body))],
  apiCreate: ({ speechToSpeech }, userId, body, options) => speechToSpeech.createSts(userId, body, options),
});
