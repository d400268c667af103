"""Making and describing basic groups: messages.createChat, addChatUser, deleteChatUser, getChats,
getFullChat.
A new group's first message is the service message messageActionChatCreate(title, users), one copy
in each member's box (each with its own id and pts, core.telegram.org/api/updates), so members
learn of the group as they learn of any message: live, or by getDifference. What the group is
lives in groups.py; messages in it go through chat.py like any chat's."""
from telethon.tl import functions, types

import render
from peers import input_user, users_tl
from wire import RpcFailure

CHAT_SIZE_MAX = 200  # chat_size_max in help.getConfig


class GroupChats:
    def __init__(self, accounts, store, groups, delivery, pushes, clock):
        self.accounts, self.store, self.groups = accounts, store, groups
        self.delivery, self.pushes, self.clock = delivery, pushes, clock
        self.handlers = {
            functions.messages.CreateChatRequest: self.create_chat,
            functions.messages.AddChatUserRequest: self.add_chat_user,
            functions.messages.DeleteChatUserRequest: self.delete_chat_user,
            functions.messages.GetChatsRequest: self.get_chats,
            functions.messages.GetFullChatRequest: self.get_full_chat,
        }

    def handler(self, request):
        return self.handlers.get(type(request))

    def create_chat(self, request, caller):
        """The caller and `users` (each InputUser with its access_hash; the caller named again is
        left out). Answers messages.invitedUsers(updates: updateChatParticipants and the service
        message, the group in `chats`; missing_invitees empty: nobody here forbids invites)."""
        me = caller.me
        title = (request.title or '').strip()
        if not title:
            raise RpcFailure(400, 'CHAT_TITLE_EMPTY')
        invited = []
        for value in request.users:
            user = input_user(self.accounts, me, value)
            if user is None:  # an id no account has, or not an InputUser
                raise RpcFailure(400, 'USER_ID_INVALID')
            if user.id != me.id and user.id not in invited:
                invited.append(user.id)
        if not invited:
            raise RpcFailure(400, 'USERS_TOO_FEW')
        if len(invited) + 1 > CHAT_SIZE_MAX:
            raise RpcFailure(400, 'USERS_TOO_MUCH')
        now = int(self.clock())
        with self.store.write():
            group = self.groups.create(title, me.id, invited, now)
            action = {'kind': 'chat_create', 'title': title, 'users': group.member_ids}
            (mine, my_pts), *others = self.store.add_group(me.id, group, '', now, action=action)
        caller.log.info('createChat user %d: chat %d with %d member(s), id %d pts %d, member copies %s (%d chars of title)',
                        me.id, group.id, len(group.members), mine.id, my_pts,
                        ', '.join('%d:%d' % (c.owner, c.id) for c, _ in others), len(title))
        participants = types.UpdateChatParticipants(participants=group.participants_tl())

        def updates_for(copy, pts):
            return [participants, types.UpdateNewMessage(message=render.message_tl(copy), pts=pts, pts_count=1)]

        self.delivery.push(me.id, self.delivery.updates(me, updates_for(mine, my_pts), now), caller, 'createChat(out)')
        for copy, pts in others:
            owner = self.accounts.users[copy.owner]
            self.delivery.push(owner.id, self.delivery.updates(owner, updates_for(copy, pts), now), caller, 'createChat')
            self.pushes.chat_created(owner.id, me, group, copy, caller.key_id)
        return types.messages.InvitedUsers(updates=self.delivery.updates(me, updates_for(mine, my_pts), now),
                                           missing_invitees=[])

    def add_chat_user(self, request, caller):
        """A member adds a user (any member may, as a group's default rights allow). Every member,
        the new one among them, gets the service message (messageActionChatAddUser) and
        updateChatParticipants; answers messages.invitedUsers with the caller's updates."""
        me = caller.me
        group = self.groups.of_member(request.chat_id, me.id)
        if group is None:
            raise RpcFailure(400, 'CHAT_ID_INVALID')
        user = input_user(self.accounts, me, request.user_id)
        if user is None or user.id == me.id:
            raise RpcFailure(400, 'USER_ID_INVALID')
        if group.has(user.id):
            raise RpcFailure(400, 'USER_ALREADY_PARTICIPANT')
        if len(group.members) + 1 > CHAT_SIZE_MAX:
            raise RpcFailure(400, 'USERS_TOO_MUCH')
        now = int(self.clock())
        with self.store.write():
            self.groups.add(group.id, user.id, me.id, now)
            after = self.groups.get(group.id)
            copies = self.store.add_group(me.id, after, '', now, action={'kind': 'chat_add_user', 'users': [user.id]})
        caller.log.info('addChatUser user %d: user %d into chat %d, %d member(s) now', me.id, user.id, group.id, len(after.members))
        answer = self._announce(after, copies, now, caller, 'addChatUser')
        return types.messages.InvitedUsers(updates=answer, missing_invitees=[])

    def delete_chat_user(self, request, caller):
        """A member leaves (user_id: the caller) or the creator removes one. Every member then,
        the one who goes among them, gets the service message (messageActionChatDeleteUser) and
        updateChatParticipants; the group is chatForbidden to the one who went."""
        me = caller.me
        group = self.groups.of_member(request.chat_id, me.id)
        if group is None:
            raise RpcFailure(400, 'CHAT_ID_INVALID')
        user = input_user(self.accounts, me, request.user_id)
        if user is None:
            raise RpcFailure(400, 'USER_ID_INVALID')
        if not group.has(user.id):
            raise RpcFailure(400, 'USER_NOT_PARTICIPANT')
        if user.id != me.id and me.id != group.creator:
            raise RpcFailure(403, 'CHAT_ADMIN_REQUIRED')
        now = int(self.clock())
        with self.store.write():
            copies = self.store.add_group(me.id, group, '', now, action={'kind': 'chat_delete_user', 'user': user.id})
            self.groups.remove(group.id, user.id)
        after = self.groups.get(group.id)
        caller.log.info('deleteChatUser user %d: user %d left chat %d, %d member(s) now', me.id, user.id, group.id, len(after.members))
        return self._announce(after, copies, now, caller, 'deleteChatUser')

    def _announce(self, after, copies, now, caller, what):
        """A change of members pushed to every member's copy of its service message (with the
        members as they are now); the caller's updates, its answer."""
        participants = types.UpdateChatParticipants(participants=after.participants_tl())
        answer = None
        for copy, pts in copies:
            owner = self.accounts.users[copy.owner]
            updates = self.delivery.updates(owner, [participants, types.UpdateNewMessage(message=render.message_tl(copy), pts=pts, pts_count=1)],
                                            now)
            if owner.id == caller.me.id:
                answer = updates
            self.delivery.push(owner.id, updates, caller, what + ('(out)' if owner.id == caller.me.id else ''))
        return answer

    def get_chats(self, request, caller):
        """The groups among `id` the caller is in (others are left out)."""
        found = [g for g in (self.groups.of_member(i, caller.me.id) for i in request.id) if g is not None]
        return types.messages.Chats(chats=[g.tl(caller.me.id) for g in found])

    def get_full_chat(self, request, caller):
        me = caller.me
        group = self.groups.of_member(request.chat_id, me.id)
        if group is None:
            raise RpcFailure(400, 'CHAT_ID_INVALID')
        mute_until = self.store.dialog(me.id, group.key)['mute_until']
        full = types.ChatFull(id=group.id, about='', participants=group.participants_tl(),
                              notify_settings=types.PeerNotifySettings(mute_until=mute_until or None))
        return types.messages.ChatFull(full_chat=full, chats=[group.tl(me.id)],
                                       users=users_tl(self.accounts, me, group.member_ids))
