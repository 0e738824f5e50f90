"""The club's pages, under ``/clubs/<slug>/``; names ``club:…``."""

from django.urls import path

from scoring.club import views

app_name = "club"
urlpatterns = [
    path("", views.detail, name="detail"),
    path("settings/", views.club_settings, name="settings"),
    path("players/", views.players, name="players"),
    path("players/add/", views.player_add, name="player_add"),
    path("players/import/", views.players_import, name="players_import"),
    path("players/<id:pk>/edit/", views.player_edit, name="player_edit"),
    path("players/<id:pk>/deactivate/", views.player_deactivate, name="player_deactivate"),
    path("members/", views.members, name="members"),
    path("members/<id:pk>/role/", views.member_role, name="member_role"),
    path("members/<id:pk>/player/", views.member_player, name="member_player"),
    path("members/<id:pk>/remove/", views.member_remove, name="member_remove"),
    path("members/<id:pk>/reset-password/", views.member_reset_password, name="member_reset_password"),
]
