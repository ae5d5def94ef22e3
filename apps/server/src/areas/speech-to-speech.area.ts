import { stsCreateCall } from '@voxwork/contract';
import { bindCall } from '../http/contract.plugin.ts';
import { requireUserId, type Area } from './area.ts';

/** Speech to speech: conversion jobs. */
export const speechToSpeechArea: Area = {
  name: 'speech-to-speech',
  calls: ({ services: { speechToSpeech } }) => [bindCall(stsCreateCall, async (body, context) => speechToSpeech.createSts(requireUserId(context), body))],
};
